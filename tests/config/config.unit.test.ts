import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_QUERY_LIMITS, loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('defaults to the managed local Neo4j and port 4000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      logLevel: 'info',
      neo4j: { uri: undefined, user: 'neo4j', database: 'neo4j' },
      localNeo4j: { boltPort: 7687, httpPort: 7474, heap: '2g', idleMinutes: 15 },
      import: true,
      limits: { maxDepth: 10, maxCost: 50_000 },
      requestTimeoutMs: 5_000,
    });
    expect(config.localNeo4j.dir).toMatch(/\.neo4j$/);
  });

  it('reads a remote Neo4j, including cluster and Aura URIs', () => {
    for (const uri of ['neo4j://db-1.internal:7687', 'neo4j+s://abcd1234.databases.neo4j.io', 'bolt://127.0.0.1:7687']) {
      const config = loadConfig({ NEO4J_URI: uri, NEO4J_PASSWORD: 'secret', NEO4J_DATABASE: 'kg', PORT: '8080' });
      expect(config.neo4j).toEqual({ uri, user: 'neo4j', password: 'secret', database: 'kg' });
      expect(config.port).toBe(8080);
    }
  });

  it('reads every query limit from its KG_MAX_ variable, the rest keeping their defaults', () => {
    const limits = loadConfig({ KG_MAX_QUERY_LENGTH: '900', KG_MAX_TOKENS: '300', KG_MAX_ALIASES: '5', KG_MAX_LIST_LENGTH: '7' }).limits;
    expect(limits).toEqual({ ...DEFAULT_QUERY_LIMITS, maxLength: 900, maxTokens: 300, maxAliases: 5, maxListLength: 7 });
  });

  it('keeps the local Neo4j warm for NEO4J_LOCAL_IDLE_MINUTES, 0 stopping it with the server', () => {
    expect(loadConfig({ NEO4J_LOCAL_IDLE_MINUTES: '0' }).localNeo4j.idleMinutes).toBe(0);
    expect(loadConfig({ NEO4J_LOCAL_IDLE_MINUTES: '60' }).localNeo4j.idleMinutes).toBe(60);
    expect(() => loadConfig({ NEO4J_LOCAL_IDLE_MINUTES: '-1' })).toThrow(ConfigError);
  });

  it('treats an empty variable as unset and reads flags', () => {
    expect(loadConfig({ PORT: '', KG_IMPORT: '1' })).toMatchObject({ port: 4000, import: true });
    expect(loadConfig({ KG_IMPORT: 'off' }).import).toBe(false);
  });

  it('imports the shipped data sets from inside the repository by default', () => {
    const config = loadConfig({});
    expect(config.import).toBe(true);
    expect(config.dataDir).toBe(path.resolve(__dirname, '..', '..', 'seeds', 'datasets'));
    expect(loadConfig({ KG_IMPORT: '', KG_DATA_DIR: '' }).import).toBe(true);
    expect(loadConfig({ KG_IMPORT: '0' }).import).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT: must be a port number from 1 to 65535 (got "70000")'],
    [{ NEO4J_URI: 'http://localhost:7474', NEO4J_PASSWORD: 'x' }, 'NEO4J_URI: must be a Bolt URI'],
    [{ NEO4J_URI: 'neo4j://db:7687' }, 'NEO4J_PASSWORD: is required when NEO4J_URI is set'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: Invalid option'],
    [{ KG_MAX_DEPTH: '0' }, 'KG_MAX_DEPTH: must be a positive whole number (got "0")'],
    [{ KG_IMPORT: 'maybe' }, 'KG_IMPORT: Invalid option'],
  ])('rejects %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('shows stack traces only when asked: KG_DEBUG_ERRORS, or NODE_ENV=development set explicitly', () => {
    expect(loadConfig({}).debugErrors).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).debugErrors).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).debugErrors).toBe(true);
    expect(loadConfig({ KG_DEBUG_ERRORS: '1', NODE_ENV: 'production' }).debugErrors).toBe(true);
    expect(loadConfig({ KG_DEBUG_ERRORS: '0', NODE_ENV: 'development' }).debugErrors).toBe(false);
  });

  it('rate-limits, sheds load and allows any origin by default, and reads each setting', () => {
    expect(loadConfig({})).toMatchObject({
      corsOrigins: '*',
      rateLimit: { requestsPerSecond: 20, requestBurst: 40, costPerSecond: 25_000, costBurst: 100_000 },
      trustProxy: false,
      concurrency: { maxConcurrent: 32, maxQueued: 256, maxQueueWaitMs: 5_000 },
      maxBodyBytes: 1 << 20,
      maxResponseBytes: 8 << 20,
    });
    expect(loadConfig({ KG_RATE_LIMIT: 'off' }).rateLimit).toBeUndefined();
    expect(loadConfig({ KG_CORS_ORIGINS: 'https://a.example.org, http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.org',
      'http://localhost:5173',
    ]);
    expect(loadConfig({ KG_TRUST_PROXY: 'yes', KG_MAX_RESPONSE_BYTES: '1000' })).toMatchObject({ trustProxy: true, maxResponseBytes: 1000 });
  });

  it('refuses a cost burst below the largest admissible query cost, and malformed origins', () => {
    expect(() => loadConfig({ KG_RATE_LIMIT_COST_BURST: '1000' })).toThrow('KG_RATE_LIMIT_COST_BURST: must be at least KG_MAX_COST (50000)');
    expect(loadConfig({ KG_RATE_LIMIT: '0', KG_RATE_LIMIT_COST_BURST: '1000' }).rateLimit).toBeUndefined();
    expect(() => loadConfig({ KG_CORS_ORIGINS: 'app.example.org' })).toThrow('KG_CORS_ORIGINS: must be * or a comma-separated list');
  });

  it('scales out: rate limits in memory unless KG_REDIS_URL, metrics on loopback apart, no drain unless asked', () => {
    expect(loadConfig({})).toMatchObject({
      redisUrl: undefined,
      metrics: { host: '127.0.0.1', port: 9464 },
      shutdown: { drainMs: 0, timeoutMs: 30_000 },
      minDataVersionWaitMs: 2_000,
    });
    expect(
      loadConfig({ KG_REDIS_URL: 'redis://redis:6379', KG_METRICS_PORT: '9100', KG_METRICS_HOST: '0.0.0.0', KG_SHUTDOWN_DRAIN_MS: '3000', KG_MIN_DATA_VERSION_WAIT_MS: '500' }),
    ).toMatchObject({ redisUrl: 'redis://redis:6379', metrics: { host: '0.0.0.0', port: 9100 }, shutdown: { drainMs: 3_000 }, minDataVersionWaitMs: 500 });
    expect(() => loadConfig({ KG_REDIS_URL: 'redis:6379' })).toThrow('KG_REDIS_URL: must be a Redis URL');
    expect(() => loadConfig({ KG_SHUTDOWN_DRAIN_MS: '-1' })).toThrow('KG_SHUTDOWN_DRAIN_MS: must be a whole number, 0 or more');
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'x', KG_MAX_COST: '-1' })).toThrow(/PORT: .*\n {2}KG_MAX_COST: /);
  });
});
