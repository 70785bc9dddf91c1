import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration read from environment variables once, at start-up. Like src/metrics.ts this module
 * imports nothing of ours, so every layer may depend on it.
 */

const PORT_RANGE = 'must be a port number from 1 to 65535';
const port = z.coerce.number({ error: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE);
const POSITIVE = 'must be a positive whole number';
const positiveInt = z.coerce.number({ error: POSITIVE }).int(POSITIVE).positive(POSITIVE);
const NON_NEGATIVE = 'must be a whole number, 0 or more';
const nonNegativeInt = z.coerce.number({ error: NON_NEGATIVE }).int(NON_NEGATIVE).min(0, NON_NEGATIVE);
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));
const boltUri = z
  .string()
  .regex(/^(neo4j|bolt)(\+s|\+ssc)?:\/\/\S+$/, 'must be a Bolt URI such as neo4j://host:7687 or neo4j+s://xxxx.databases.neo4j.io');

/**
 * What one GraphQL request may ask for; the README's "Limits" section explains each. Declared here,
 * the bottom layer, so the server's defaults and the environment's defaults are the same numbers.
 */
export interface QueryLimits {
  /** Characters of the query text. */
  maxLength: number;
  /** Lexical tokens of the query text (graphql-js `maxTokens`: the parser stops there). */
  maxTokens: number;
  /** Nesting of fields, the root field counting 1; introspection fields do not count. */
  maxDepth: number;
  /** Aliased fields, every fragment spread expanded. */
  maxAliases: number;
  /** Fields at the root of an operation, fragments expanded. */
  maxRootFields: number;
  /** Fragment spreads, each expansion counted: the number that grows when fragments nest. */
  maxFragmentSpreads: number;
  /** Longest chain of fragment spreads inside fragment spreads. */
  maxFragmentDepth: number;
  /** Directives (`@skip`, `@include`, ...), fragments expanded. */
  maxDirectives: number;
  /** Variables an operation declares. */
  maxVariables: number;
  /** Items in any list argument (`tournamentYears`, `filter.teams`, ...). */
  maxListLength: number;
  /** Estimated fields resolved, see src/server/query-cost.ts. */
  maxCost: number;
}

/**
 * The managed local Neo4j's heap, allocated whole at its start: a first start's import spent half
 * as much CPU in the collector with 2 GB than with 1 GB (docs/importing.md).
 */
export const DEFAULT_LOCAL_HEAP = '2g';
/** How long the managed Neo4j that `npm start` started stays up after the last server stops (0: it stops with the server). */
export const DEFAULT_LOCAL_IDLE_MINUTES = 15;

/** Load shedding: GraphQL requests executing at once, waiting for a turn, and the longest wait. */
export const DEFAULT_CONCURRENCY = { maxConcurrent: 32, maxQueued: 256, maxQueueWaitMs: 5_000 } as const;

export const DEFAULT_QUERY_LIMITS: Readonly<QueryLimits> = {
  maxLength: 20_000,
  maxTokens: 5_000,
  maxDepth: 10,
  maxAliases: 50,
  maxRootFields: 20,
  maxFragmentSpreads: 100,
  maxFragmentDepth: 8,
  maxDirectives: 50,
  maxVariables: 50,
  // There are not 50 World Cups yet.
  maxListLength: 50,
  maxCost: 50_000,
};

const envShape = {
  PORT: port.default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  NEO4J_URI: boltUri.optional(),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(1).optional(),
  NEO4J_DATABASE: z.string().min(1).default('neo4j'),
  NEO4J_LOCAL_DIR: z.string().min(1).optional(),
  NEO4J_LOCAL_BOLT_PORT: port.default(7687),
  NEO4J_LOCAL_HTTP_PORT: port.default(7474),
  NEO4J_LOCAL_HEAP: z.string().regex(/^\d+[mg]$/, 'must be a JVM size such as 512m or 1g').default(DEFAULT_LOCAL_HEAP),
  NEO4J_LOCAL_IDLE_MINUTES: nonNegativeInt.default(DEFAULT_LOCAL_IDLE_MINUTES),
  NEO4J_JARS_DIR: z.string().min(1).optional(),
  KG_IMPORT: flag.default(true),
  KG_DATA_DIR: z.string().min(1).optional(),
  KG_MAX_QUERY_LENGTH: positiveInt.default(DEFAULT_QUERY_LIMITS.maxLength),
  KG_MAX_TOKENS: positiveInt.default(DEFAULT_QUERY_LIMITS.maxTokens),
  KG_MAX_DEPTH: positiveInt.default(DEFAULT_QUERY_LIMITS.maxDepth),
  KG_MAX_ALIASES: positiveInt.default(DEFAULT_QUERY_LIMITS.maxAliases),
  KG_MAX_ROOT_FIELDS: positiveInt.default(DEFAULT_QUERY_LIMITS.maxRootFields),
  KG_MAX_FRAGMENT_SPREADS: positiveInt.default(DEFAULT_QUERY_LIMITS.maxFragmentSpreads),
  KG_MAX_FRAGMENT_DEPTH: positiveInt.default(DEFAULT_QUERY_LIMITS.maxFragmentDepth),
  KG_MAX_DIRECTIVES: positiveInt.default(DEFAULT_QUERY_LIMITS.maxDirectives),
  KG_MAX_VARIABLES: positiveInt.default(DEFAULT_QUERY_LIMITS.maxVariables),
  KG_MAX_LIST_LENGTH: positiveInt.default(DEFAULT_QUERY_LIMITS.maxListLength),
  KG_MAX_COST: positiveInt.default(DEFAULT_QUERY_LIMITS.maxCost),
  KG_REQUEST_TIMEOUT_MS: positiveInt.default(5_000),
  KG_DEBUG_ERRORS: flag.optional(),
  KG_CORS_ORIGINS: z
    .string()
    .regex(/^(\*|https?:\/\/[^\s,/]+(,\s*https?:\/\/[^\s,/]+)*)$/, 'must be * or a comma-separated list of origins such as https://app.example.org')
    .default('*'),
  KG_RATE_LIMIT: flag.default(true),
  KG_RATE_LIMIT_REQUESTS_PER_SECOND: positiveInt.default(20),
  KG_RATE_LIMIT_REQUEST_BURST: positiveInt.default(40),
  KG_RATE_LIMIT_COST_PER_SECOND: positiveInt.default(25_000),
  KG_RATE_LIMIT_COST_BURST: positiveInt.default(100_000),
  KG_TRUST_PROXY: flag.default(false),
  KG_MAX_CONCURRENT_REQUESTS: positiveInt.default(DEFAULT_CONCURRENCY.maxConcurrent),
  KG_MAX_QUEUED_REQUESTS: positiveInt.default(DEFAULT_CONCURRENCY.maxQueued),
  KG_MAX_QUEUE_WAIT_MS: positiveInt.default(DEFAULT_CONCURRENCY.maxQueueWaitMs),
  KG_MAX_BODY_BYTES: positiveInt.default(1 << 20),
  KG_MAX_RESPONSE_BYTES: positiveInt.default(8 << 20),
  KG_RESPONSE_CACHE: flag.default(true),
  KG_RESPONSE_CACHE_ENTRIES: positiveInt.default(1_000),
  KG_RESPONSE_CACHE_MB: positiveInt.default(64),
  KG_MIN_DATA_VERSION_WAIT_MS: positiveInt.default(2_000),
  KG_REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'must be a Redis URL such as redis://redis:6379').optional(),
  KG_METRICS_PORT: port.default(9464),
  KG_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  KG_SHUTDOWN_DRAIN_MS: nonNegativeInt.default(0),
  KG_SHUTDOWN_TIMEOUT_MS: positiveInt.default(30_000),
  KG_WRITES_PER_MINUTE: positiveInt.default(30),
  KG_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a JSON Web Key Set' }).optional(),
  KG_JWT_ROLE_CLAIM: z.string().min(1).default('role'),
};

/** Every environment variable the service reads; docker-compose.yml is checked against this list. */
export const CONFIG_VARIABLES = Object.keys(envShape);

const envSchema = z
  .object(envShape)
  .superRefine((env, ctx) => {
    // A remote server has no password we could generate, so a URI without one is a mistake.
    if (env.NEO4J_URI && !env.NEO4J_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['NEO4J_PASSWORD'], message: 'is required when NEO4J_URI is set' });
    }
    // A bucket smaller than the costliest admissible query would refuse that query forever.
    if (env.KG_RATE_LIMIT && env.KG_RATE_LIMIT_COST_BURST < env.KG_MAX_COST) {
      ctx.addIssue({ code: 'custom', path: ['KG_RATE_LIMIT_COST_BURST'], message: `must be at least KG_MAX_COST (${env.KG_MAX_COST})` });
    }
  });

export interface Neo4jConnectionConfig {
  /** Unset means: start the managed local Neo4j (see src/neo4j/local-instance.ts). */
  uri?: string;
  user: string;
  password?: string;
  database: string;
}

export interface LocalNeo4jConfig {
  /** Home of the managed local Neo4j: conf, data, logs and the generated password. */
  dir: string;
  boltPort: number;
  httpPort: number;
  heap: string;
  /** Minutes a Neo4j started by `npm start` stays up once no server uses it; 0 stops it with the server. */
  idleMinutes: number;
  /** Where the Maven-resolved jars are cached; unset means the per-user cache. */
  jarsDir?: string;
}

export interface Config {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  nodeEnv: 'development' | 'production' | 'test';
  neo4j: Neo4jConnectionConfig;
  localNeo4j: LocalNeo4jConfig;
  /** Import the shipped data sets at start-up (on unless KG_IMPORT=0): the whole graph out of the box. */
  import: boolean;
  /** Folder holding one folder per data set; default the repository's own copy, `seeds/datasets`. */
  dataDir: string;
  limits: QueryLimits;
  /** Deadline of one GraphQL request's Neo4j reads; past it the request answers QUERY_TIMEOUT. */
  requestTimeoutMs: number;
  /**
   * Stack traces and unmasked internal error messages in GraphQL responses. On only when asked for:
   * KG_DEBUG_ERRORS=1, or NODE_ENV=development set explicitly (an unset NODE_ENV does not count).
   */
  debugErrors: boolean;
  /** Origins whose browser pages may call the API (CORS); `*` for any. */
  corsOrigins: '*' | string[];
  /** Per-client token buckets; `undefined` when KG_RATE_LIMIT is off. */
  rateLimit?: {
    requestsPerSecond: number;
    requestBurst: number;
    costPerSecond: number;
    costBurst: number;
  };
  /** Take the client address from X-Forwarded-For, as appended by the one proxy in front of us. */
  trustProxy: boolean;
  /** Load shedding: GraphQL requests executing at once, waiting for a turn, and how long one may wait. */
  concurrency: { maxConcurrent: number; maxQueued: number; maxQueueWaitMs: number };
  maxBodyBytes: number;
  maxResponseBytes: number;
  /** Longest wait for the data version a client asks for (X-KG-Min-Data-Version) before 503 DATA_VERSION_NOT_REACHED. */
  minDataVersionWaitMs: number;
  /** Where the per-client rate limits are shared by every replica; in this process's memory when unset. */
  redisUrl?: string;
  /** `/metrics` listens here, apart from the public port, so that only the scraper reaches it. */
  metrics: { host: string; port: number };
  /**
   * On SIGTERM: how long /health/ready says 503 while requests are still served (so a balancer
   * stops sending), then how long in-flight requests may take before their connections are cut.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Answers kept by (query, variables, data version); `undefined` when KG_RESPONSE_CACHE is off. */
  responseCache?: { maxEntries: number; maxBytes: number };
  /** Writes through the API: per-token budget, and JWT verification when an identity provider is set. */
  editing: { writesPerMinute: number; jwt?: { jwksUrl: string; roleClaim: string } };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// src/config.ts and dist/config.js both sit one level below the repository root.
export const REPO_ROOT = path.resolve(__dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyStrings(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = env[name] === undefined ? '' : ` (got ${JSON.stringify(env[name])})`;
      return `  ${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration in environment variables:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    neo4j: { uri: e.NEO4J_URI, user: e.NEO4J_USER, password: e.NEO4J_PASSWORD, database: e.NEO4J_DATABASE },
    localNeo4j: {
      dir: path.resolve(e.NEO4J_LOCAL_DIR ?? path.join(REPO_ROOT, '.neo4j')),
      boltPort: e.NEO4J_LOCAL_BOLT_PORT,
      httpPort: e.NEO4J_LOCAL_HTTP_PORT,
      heap: e.NEO4J_LOCAL_HEAP,
      idleMinutes: e.NEO4J_LOCAL_IDLE_MINUTES,
      jarsDir: e.NEO4J_JARS_DIR && path.resolve(e.NEO4J_JARS_DIR.replace(/^~(?=\/|$)/, os.homedir())),
    },
    import: e.KG_IMPORT,
    dataDir: path.resolve(e.KG_DATA_DIR ?? path.join(REPO_ROOT, 'seeds', 'datasets')),
    limits: {
      maxLength: e.KG_MAX_QUERY_LENGTH,
      maxTokens: e.KG_MAX_TOKENS,
      maxDepth: e.KG_MAX_DEPTH,
      maxAliases: e.KG_MAX_ALIASES,
      maxRootFields: e.KG_MAX_ROOT_FIELDS,
      maxFragmentSpreads: e.KG_MAX_FRAGMENT_SPREADS,
      maxFragmentDepth: e.KG_MAX_FRAGMENT_DEPTH,
      maxDirectives: e.KG_MAX_DIRECTIVES,
      maxVariables: e.KG_MAX_VARIABLES,
      maxListLength: e.KG_MAX_LIST_LENGTH,
      maxCost: e.KG_MAX_COST,
    },
    requestTimeoutMs: e.KG_REQUEST_TIMEOUT_MS,
    debugErrors: e.KG_DEBUG_ERRORS ?? env.NODE_ENV === 'development',
    corsOrigins: e.KG_CORS_ORIGINS === '*' ? '*' : e.KG_CORS_ORIGINS.split(',').map((origin) => origin.trim()),
    rateLimit: e.KG_RATE_LIMIT
      ? {
          requestsPerSecond: e.KG_RATE_LIMIT_REQUESTS_PER_SECOND,
          requestBurst: e.KG_RATE_LIMIT_REQUEST_BURST,
          costPerSecond: e.KG_RATE_LIMIT_COST_PER_SECOND,
          costBurst: e.KG_RATE_LIMIT_COST_BURST,
        }
      : undefined,
    trustProxy: e.KG_TRUST_PROXY,
    concurrency: {
      maxConcurrent: e.KG_MAX_CONCURRENT_REQUESTS,
      maxQueued: e.KG_MAX_QUEUED_REQUESTS,
      maxQueueWaitMs: e.KG_MAX_QUEUE_WAIT_MS,
    },
    maxBodyBytes: e.KG_MAX_BODY_BYTES,
    maxResponseBytes: e.KG_MAX_RESPONSE_BYTES,
    minDataVersionWaitMs: e.KG_MIN_DATA_VERSION_WAIT_MS,
    redisUrl: e.KG_REDIS_URL,
    metrics: { host: e.KG_METRICS_HOST, port: e.KG_METRICS_PORT },
    shutdown: { drainMs: e.KG_SHUTDOWN_DRAIN_MS, timeoutMs: e.KG_SHUTDOWN_TIMEOUT_MS },
    responseCache: e.KG_RESPONSE_CACHE ? { maxEntries: e.KG_RESPONSE_CACHE_ENTRIES, maxBytes: e.KG_RESPONSE_CACHE_MB << 20 } : undefined,
    editing: {
      writesPerMinute: e.KG_WRITES_PER_MINUTE,
      jwt: e.KG_JWKS_URL ? { jwksUrl: e.KG_JWKS_URL, roleClaim: e.KG_JWT_ROLE_CLAIM } : undefined,
    },
  };
}

/** `FOO=` in a shell or a compose file means "not set", not "set to nothing". */
function withoutEmptyStrings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
