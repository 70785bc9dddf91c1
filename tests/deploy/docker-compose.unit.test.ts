import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config';

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

  it('has exactly the neo4j and api services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'neo4j']);
  });

  it('runs Neo4j 5.26 Community with a healthcheck, a data volume and Bolt on 7687', () => {
    expect(neo4j.image).toBe('neo4j:5.26-community');
    expect(neo4j.healthcheck.test.join(' ')).toContain('cypher-shell');
    expect(neo4j.volumes).toContain('neo4j-data:/data');
    expect(Object.keys(compose.volumes)).toContain('neo4j-data');
    expect(neo4j.ports).toContain('127.0.0.1:7687:7687');
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
