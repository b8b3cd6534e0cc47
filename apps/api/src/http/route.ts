import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: Method | Method[];
  url: string;
  summary: string;
  tags?: string[];
  query?: Q;
  body?: B;
  params?: P;
  /** The success answer; used for the OpenAPI document and checked in tests. */
  response?: R;
  /** When false, the answer is not wrapped (e.g. GET /lang). */
  auth?: boolean;
  /**
   * The answer is the same for every guest: requests without credentials are served from the
   * app's short-lived response cache (keyed by URL and language).
   */
  publicCache?: boolean;
  /** Largest accepted body in bytes (default: the app's, 1 MB). */
  bodyLimit?: number;
}

interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
}

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
          ...(spec.auth ? { 401: { description: 'Unauthenticated.' } } : {}),
        };
        if (spec.auth) op.security = [{ bearer: [] }];
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

/**
 * Registers a route whose query, body and params are validated with zod (422 with field errors)
 * and which appears in the OpenAPI document.
 */
export function route<
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P, R>,
  handler: (input: RouteInput<z.infer<Q>, z.infer<B>, z.infer<P>>) => Promise<unknown>,
): void {
  app.openapi.add(spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>);
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    handler: async (req, reply) => {
      const query = spec.query ? parseOr422(spec.query, req.query) : req.query;
      const body = spec.body ? parseOr422(spec.body, req.body) : req.body;
      const params = spec.params ? parseOr422(spec.params, req.params) : req.params;
      const run = () => handler({ query, body, params, req, reply } as RouteInput<z.infer<Q>, z.infer<B>, z.infer<P>>);
      if (spec.publicCache && app.responseCache?.enabled && !req.headers.authorization) {
        const sent = await app.responseCache.send(req, reply, `${req.locale}|${req.url}`, async () => ({
          type: 'application/json; charset=utf-8',
          body: JSON.stringify(await run()),
        }));
        if (sent) return reply;
      }
      return run();
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    openapi: OpenApiRegistry;
  }
}
