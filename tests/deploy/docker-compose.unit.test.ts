import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, DEFAULT_LOCAL_HEAP, loadConfig } from '../../src/config';
import { TRANSACTION_LOG_SETTINGS } from '../../src/neo4j/neo4j-conf';

// Docker cannot run on the development machines, so the compose file is kept honest by reading it.
const root = path.resolve(__dirname, '..', '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** Resolves compose's `${NAME:-default}` the way `docker compose` does when NAME is unset. */
function withDefaults(value: unknown): string {
  return String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1');
}

describe('docker-compose.yml', () => {
  const { neo4j, api } = compose.services;
  const apiEnv: Record<string, string> = Object.fromEntries(
    Object.entries(api.environment).map(([key, value]) => [key, withDefaults(value)]),
  );

  it('starts exactly the neo4j and api services by default; the rest only with --profile scale', () => {
    const byDefault = Object.keys(compose.services).filter((name) => !compose.services[name].profiles);
    expect(byDefault.sort()).toEqual(['api', 'neo4j']);
    const scale = Object.keys(compose.services).filter((name) => compose.services[name].profiles?.includes('scale'));
    expect(scale.sort()).toEqual(['api-replica', 'proxy', 'redis']);
  });

  it('runs Neo4j 5.26 Community with a healthcheck, a data volume and Bolt on 7687', () => {
    expect(neo4j.image).toBe('neo4j:5.26-community');
    expect(neo4j.healthcheck.test.join(' ')).toContain('cypher-shell');
    expect(neo4j.volumes).toContain('neo4j-data:/data');
    expect(Object.keys(compose.volumes)).toContain('neo4j-data');
    expect(neo4j.ports).toContain('127.0.0.1:7687:7687');
  });

  it('gives Neo4j the heap the managed local Neo4j gets, allocated whole at its start', () => {
    expect(neo4j.environment.NEO4J_server_memory_heap_initial__size).toBe(DEFAULT_LOCAL_HEAP);
    expect(neo4j.environment.NEO4J_server_memory_heap_max__size).toBe(DEFAULT_LOCAL_HEAP);
  });

  it('keeps Neo4j\'s transaction logs as the managed local Neo4j does', () => {
    // The image's naming: NEO4J_, then the setting with its underscores doubled and dots as underscores.
    const asVariable = (setting: string) => `NEO4J_${setting.replaceAll('_', '__').replaceAll('.', '_')}`;
    for (const [setting, value] of Object.entries(TRANSACTION_LOG_SETTINGS)) {
      expect(neo4j.environment[asVariable(setting)], setting).toBe(value);
    }
  });

  it('gives the api only variables src/config.ts reads, and they pass its validation', () => {
    expect(Object.keys(apiEnv).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const config = loadConfig(apiEnv);
    expect(config.host).toBe('0.0.0.0');
    expect(config.nodeEnv).toBe('production');
  });

  it('points the api at the neo4j service with the password Neo4j is given', () => {
    const config = loadConfig(apiEnv);
    const uri = new URL(config.neo4j.uri!);
    expect(uri.hostname).toBe('neo4j');
    expect(uri.port).toBe('7687');
    expect(withDefaults(neo4j.environment.NEO4J_AUTH)).toBe(`${config.neo4j.user}/${config.neo4j.password}`);
    expect(api.depends_on.neo4j.condition).toBe('service_healthy');
  });

  it('restarts both services after a crash or a reboot, unless someone stopped them', () => {
    expect(neo4j.restart).toBe('unless-stopped');
    expect(api.restart).toBe('unless-stopped');
  });

  it('builds the whole graph on first start from the data sets the image carries', () => {
    const config = loadConfig(apiEnv);
    expect(config.import).toBe(true);
    // The image's working directory is /app, so the default data folder is the copied seeds/datasets.
    expect(path.relative(root, config.dataDir)).toBe(path.join('seeds', 'datasets'));
    expect(dockerfile).toMatch(/^COPY seeds \.\/seeds$/m);
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored.filter((pattern) => pattern && 'seeds/datasets'.startsWith(pattern.replace(/\/$/, '')))).toEqual([]);
  });

  it('publishes the port the api listens on, which the Dockerfile exposes and probes', () => {
    const { port } = loadConfig(apiEnv);
    expect(api.ports).toContain(`127.0.0.1:${port}:${port}`);
    expect(dockerfile).toContain(`EXPOSE ${port}`);
    expect(dockerfile).toContain(`http://127.0.0.1:${port}/health/ready`);
  });
});

describe('docker-compose.yml, --profile scale', () => {
  const { api, neo4j, redis, proxy } = compose.services;
  const replica = compose.services['api-replica'];
  const env: Record<string, string> = Object.fromEntries(Object.entries(replica.environment).map(([key, value]) => [key, withDefaults(value)]));
  const haproxy = readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
  const config = loadConfig(env);

  it('runs several API replicas of the same image, with only variables src/config.ts reads, valid', () => {
    expect(replica.build).toBe(api.build);
    expect(replica.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(config.host).toBe('0.0.0.0');
    // None publishes a port of its own: clients come through the proxy.
    expect(replica.ports).toBeUndefined();
  });

  it('points the replicas at the same Neo4j through a routing URI, and shares their rate limits through the redis service', () => {
    const uri = new URL(config.neo4j.uri!);
    expect(uri.protocol).toBe('neo4j:');
    expect(uri.hostname).toBe('neo4j');
    expect(withDefaults(neo4j.environment.NEO4J_AUTH)).toBe(`${config.neo4j.user}/${config.neo4j.password}`);
    expect(new URL(config.redisUrl!).hostname).toBe('redis');
    expect(redis.image).toMatch(/^redis:/);
    expect(replica.depends_on.redis.condition).toBe('service_healthy');
  });

  it('leaves loading the graph to the api service, which must be healthy first', () => {
    expect(config.import).toBe(false);
    expect(replica.depends_on.api.condition).toBe('service_healthy');
  });

  it('trusts the one proxy in front, drains on SIGTERM within the stop grace period, and keeps /metrics off the proxy', () => {
    expect(config.trustProxy).toBe(true);
    expect(haproxy).toMatch(/^\s*option forwardfor\b/m);
    expect(config.shutdown.drainMs).toBeGreaterThan(0);
    const graceSeconds = Number(/^(\d+)s$/.exec(replica.stop_grace_period)?.[1]);
    expect(graceSeconds * 1000).toBeGreaterThan(config.shutdown.drainMs);
    expect(config.metrics.port).not.toBe(config.port);
  });

  it('balances over the replicas by their readiness in HAProxy, published on loopback only', () => {
    expect(proxy.image).toMatch(/^haproxy:/);
    expect(proxy.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(proxy.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(haproxy).toMatch(/^\s*bind :8080$/m);
    expect(haproxy).toMatch(/^\s*option httpchk GET \/health\/ready$/m);
    expect(haproxy).toMatch(new RegExp(`^\\s*server-template \\w+ 1-\\d+ api-replica:${config.port}$`, 'm'));
    expect(haproxy).toMatch(/^\s*retry-on conn-failure\b/m);
  });
});
