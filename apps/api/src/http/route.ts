import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withoutBlanks } from '@souq/contracts';
import { z } from 'zod';

/** A client mistake that the error handler turns into a 4xx JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, what);

/** Turns a zod error into the 422 field map: `{field: [message, ...]}` keyed by the field as sent. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  const more = Object.values(errors).reduce((n, list) => n + list.length, 0) - 1;
  return new HttpError(422, more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first, errors);
}

export function parseOr422<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec<
  Q extends z.ZodType,
  B extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  A extends AuthKind | undefined = AuthKind | undefined,
> {
  method: Method | Method[];
  url: string;
  summary: string;
  tags?: string[];
  query?: Q;
  body?: B;
  params?: P;
  /** The success answer; used for the OpenAPI document and checked in tests. */
  response?: R;
  /**
   * Who may call it. Declared here, enforced by the framework before validation (an onRequest hook):
   * 'user' (a customer's token), 'seller' (a seller's token), 'optional' (a customer's token when one
   * is presented: a guest is null, a bad token is 401), 'any' (a customer's or a seller's token, e.g. the
   * realtime channel authorisation), 'operator' (an operator's token: every `/api/admin/*` route but the
   * console's login). A token of another kind is 403.
   */
  auth?: A;
  /**
   * The answer is the same for every guest: requests without credentials are served from the
   * app's short-lived response cache (keyed by URL and language).
   */
  publicCache?: boolean;
  /** Largest accepted body in bytes (default: the app's, 1 MB). */
  bodyLimit?: number;
}

export type AuthKind = 'user' | 'seller' | 'operator' | 'optional' | 'any';

/** Headers a cached route's handler may set that belong to the answer (they are replayed on cache hits). */
const CACHED_HEADERS = ['cache-control', 'etag'] as const;

/** The signed-in customer behind a customer token. */
export interface UserPrincipal {
  id: number;
  tokenId: number;
}

/** The signed-in seller (a shop's user) behind a seller token. */
export interface SellerPrincipal {
  id: number;
  shopId: number;
  tokenId: number;
}

/** The signed-in operator (the marketplace's staff, BACKOFFICE.md "Roles") behind an operator token. */
export interface OperatorPrincipal {
  id: number;
  tokenId: number;
}

/** What the handler receives as `auth` for each kind of route. */
export type PrincipalOf<A> = A extends 'user'
  ? UserPrincipal
  : A extends 'seller'
    ? SellerPrincipal
    : A extends 'operator'
      ? OperatorPrincipal
      : A extends 'optional'
        ? UserPrincipal | null
        : A extends 'any'
          ? UserPrincipal | SellerPrincipal
          : null;

interface RouteInput<Q, B, P, A> {
  query: Q;
  body: B;
  params: P;
  /** The caller, resolved (and required) by the route's `auth` declaration. */
  auth: PrincipalOf<A>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers its contract's response shape, or the reply it already sent (204, a stream). */
type Answer<R extends z.ZodType> = R extends z.ZodUnknown ? unknown : z.input<R> | FastifyReply;

export interface OpenApiRegistry {
  add(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>): void;
  document(info: { title: string; version: string }): unknown;
}

export function createOpenApiRegistry(): OpenApiRegistry {
  const paths: Record<string, Record<string, unknown>> = {};
  const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  return {
    add(spec) {
      const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
      const oaPath = spec.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      for (const m of methods) {
        const op: Record<string, unknown> = { summary: spec.summary, tags: spec.tags };
        const parameters: unknown[] = [];
        for (const [where, schema] of [
          ['query', spec.query],
          ['path', spec.params],
        ] as const) {
          if (!schema) continue;
          const js = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
          for (const [name, s] of Object.entries(js.properties ?? {})) {
            parameters.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: s });
          }
        }
        if (parameters.length) op.parameters = parameters;
        if (spec.body) op.requestBody = { content: { 'application/json': { schema: toSchema(spec.body) } } };
        op.responses = {
          200: {
            description: 'OK',
            ...(spec.response
              ? {
                  content: {
                    'application/json': { schema: z.toJSONSchema(spec.response, { io: 'output', unrepresentable: 'any' }) },
                  },
                }
              : {}),
          },
          ...(spec.query || spec.body ? { 422: { description: 'Validation error' } } : {}),
          ...(spec.auth && spec.auth !== 'optional'
            ? { 401: { description: 'Unauthenticated.' }, 403: { description: 'A token of another kind of account.' } }
            : {}),
        };
        if (spec.auth) op.security = spec.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
        (paths[oaPath] ??= {})[m.toLowerCase()] = op;
      }
    },
    document(info) {
      return {
        openapi: '3.1.0',
        info,
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        paths,
      };
    },
  };
}

/** The console's routes that are open to anyone (its front door). */
const OPEN_ADMIN_ROUTES = new Set(['/api/admin/login']);

/**
 * The operator console by structure (BACKOFFICE.md "Roles"): every `/api/admin/*` route but its login is
 * an operator's, and an operator's token opens nothing outside it. A route that breaks this is refused
 * when it is registered, so the app does not start.
 */
export function assertAreaAuth(url: string, kind: AuthKind | undefined): void {
  const admin = url.startsWith('/api/admin/') || url === '/api/admin';
  if (admin && kind !== 'operator' && !(kind === undefined && OPEN_ADMIN_ROUTES.has(url)))
    throw new Error(`${url}: every /api/admin route declares auth: 'operator'`);
  if (!admin && kind === 'operator') throw new Error(`${url}: auth 'operator' is for /api/admin routes only`);
}

/**
 * Registers a route whose query, body and params are validated with zod (422 with field errors),
 * whose caller is authenticated as its `auth` declares (401/403 before anything else runs), and
 * which appears in the OpenAPI document. The handler's answer is typed by the response schema.
 */
export function route<
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
  A extends AuthKind | undefined = undefined,
>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P, R, A>,
  handler: (input: RouteInput<z.infer<Q>, z.infer<B>, z.infer<P>, A>) => Promise<Answer<R>>,
): void {
  const kind = spec.auth;
  assertAreaAuth(spec.url, kind);
  app.openapi.add(spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>);
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    config: { auth: kind ?? null },
    onRequest: kind
      ? async (req) => {
          req.principal = await app.authenticate(req, kind);
        }
      : undefined,
    handler: async (req, reply) => {
      // An empty parameter is an absent one on every route (the original web client sends `brand_id=` and
      // the like; decision 024), whatever the route's own schema says.
      const query = spec.query ? parseOr422(spec.query, withoutBlanks(req.query)) : req.query;
      const body = spec.body ? parseOr422(spec.body, req.body) : req.body;
      const params = spec.params ? parseOr422(spec.params, req.params) : req.params;
      const auth = (req.principal ?? null) as PrincipalOf<A>;
      const run = () => handler({ query, body, params, auth, req, reply } as RouteInput<z.infer<Q>, z.infer<B>, z.infer<P>, A>);
      if (spec.publicCache && app.responseCache?.enabled && !req.headers.authorization) {
        const sent = await app.responseCache.send(
          req,
          reply,
          cacheKey(req.locale, req.url, spec.query ? query : undefined),
          async () => {
            const body = JSON.stringify(await run());
            // Kept with the answer, so that every answer from the cache carries them too.
            const headers: Record<string, string> = {};
            for (const name of CACHED_HEADERS) {
              const value = reply.getHeader(name);
              if (typeof value === 'string') headers[name] = value;
            }
            return { type: 'application/json; charset=utf-8', body, headers };
          },
        );
        if (sent) return reply;
      }
      return run();
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    openapi: OpenApiRegistry;
    /** Resolves the caller for a route's `auth` declaration (modules/auth registers it); throws 401/403. */
    authenticate(req: FastifyRequest, kind: AuthKind): Promise<UserPrincipal | SellerPrincipal | OperatorPrincipal | null>;
  }
  interface FastifyRequest {
    /** The caller resolved by the route's `auth` declaration (null on public routes and for guests). */
    principal: UserPrincipal | SellerPrincipal | OperatorPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The route's `auth` declaration (null for public routes): the route walk test reads it. */
    auth?: AuthKind | null;
  }
}

/**
 * A public answer's cache key: its language, path and the query as the route read it (its schema's
 * known names, in one order). Names a route does not read make no entries of their own (issue 41,
 * finding 10: any parameter made a new one); a route without a query schema keys by its whole URL.
 */
export function cacheKey(locale: string, url: string, query: unknown): string {
  const at = url.indexOf('?');
  if (query === undefined || at < 0) return `${locale}|${url}`;
  const known = Object.entries(query as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${locale}|${url.slice(0, at)}?${JSON.stringify(known)}`;
}
