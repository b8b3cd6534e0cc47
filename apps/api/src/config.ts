import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the server reads, with its default. Parsed once at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  APP_ENV: z.enum(['local', 'production', 'staging', 'test']).default('local'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  API_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  WEB_BUILD_DIR: z.string().optional(),
  SERVE_WEB: bool.default(true),
  PUSHER_APP_KEY: z.string().default('souq-local-key'),
  PUSHER_APP_CLUSTER: z.string().default('local'),
  /** How long public catalogue answers (lists, details, home) are reused, in ms; 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
});

export type EnvConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: EnvConfig['NODE_ENV'];
  appEnv: EnvConfig['APP_ENV'];
  host: string;
  port: number;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  publicUrl: string | undefined;
  apiUrl: string | undefined;
  logLevel: EnvConfig['LOG_LEVEL'];
  seedDemo: boolean;
  webBuildDir: string;
  serveWeb: boolean;
  pusher: { key: string; cluster: string };
  catalogCacheTtlMs: number;
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad variable stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return fromEnv(parsed.data);
}

export function fromEnv(e: EnvConfig): AppConfig {
  const dataDir = path.resolve(e.DATA_DIR);
  let database: AppConfig['database'];
  if (e.DATABASE_URL && /^postgres/.test(e.DATABASE_URL)) database = { dialect: 'postgres', url: e.DATABASE_URL };
  else if (e.DATABASE_URL) database = { dialect: 'sqlite', file: e.DATABASE_URL.replace(/^sqlite:(\/\/)?/, '') };
  else database = { dialect: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') };
  return {
    env: e.NODE_ENV,
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    publicUrl: e.PUBLIC_URL,
    apiUrl: e.API_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(import.meta.dirname, '../../web/build')),
    serveWeb: e.SERVE_WEB,
    pusher: { key: e.PUSHER_APP_KEY, cluster: e.PUSHER_APP_CLUSTER },
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
  };
}

/** Configuration for tests: an explicit database, no web, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'database'>): AppConfig {
  return {
    ...fromEnv(
      configSchema.parse({
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        APP_ENV: 'test',
        NODE_ENV: 'test',
        CATALOG_CACHE_TTL_MS: '0',
      }),
    ),
    ...overrides,
  };
}
