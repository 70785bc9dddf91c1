import { describe, expect, it } from 'vitest';
import { parseCypherStatements } from '../../src/graph/model/constraints';
import { parseJavaMajor } from '../../src/neo4j/java';
import { neo4jJvmArgs, renderNeo4jConf } from '../../src/neo4j/neo4j-conf';

describe('renderNeo4jConf', () => {
  const conf = renderNeo4jConf({ home: '/srv/kg', boltPort: 7001, httpPort: 7002, pageCache: '64m' });
  const settings = Object.fromEntries(
    conf
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('=') as [string, string]),
  );

  it('listens on loopback only, Bolt and HTTP on the given ports, HTTPS off', () => {
    expect(settings).toMatchObject({
      'server.default_listen_address': '127.0.0.1',
      'server.bolt.listen_address': '127.0.0.1:7001',
      'server.http.listen_address': '127.0.0.1:7002',
      'server.https.enabled': 'false',
    });
  });

  it('keeps every folder inside the home, with auth on and usage reports off', () => {
    expect(settings).toMatchObject({
      'server.directories.data': '/srv/kg/data',
      'server.directories.logs': '/srv/kg/logs',
      'server.directories.run': '/srv/kg/run',
      'server.memory.pagecache.size': '64m',
      'dbms.security.auth_enabled': 'true',
      'dbms.usage_report.enabled': 'false',
    });
  });

  it('keeps transaction logs only as far as recovery needs them, in small files', () => {
    expect(settings).toMatchObject({ 'db.tx_log.rotation.retention_policy': 'keep_none', 'db.tx_log.rotation.size': '64M' });
  });

  it('lets no other origin call its HTTP API from a browser: CORS names its own origin, not *', () => {
    expect(settings['dbms.security.http_access_control_allow_origin']).toBe('http://127.0.0.1:7002');
  });
});

describe('neo4jJvmArgs', () => {
  it('sets the heap and the module openings the stock distribution passes', () => {
    const args = neo4jJvmArgs('512m');
    expect(args).toContain('-Xms512m');
    expect(args).toContain('-Xmx512m');
    expect(args).toContain('--add-opens=java.base/java.nio=ALL-UNNAMED');
    expect(args).toContain('-Dio.netty.tryReflectionSetAccessible=true');
  });
});

describe('parseJavaMajor', () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['java version "1.8.0_392"', 8],
    ['nonsense', undefined],
  ])('%s -> %s', (output, major) => expect(parseJavaMajor(output)).toBe(major));
});

describe('parseCypherStatements', () => {
  it('splits on a ; that ends a line and drops comment lines', () => {
    const script = "// header\nCREATE CONSTRAINT a IF NOT EXISTS\n  FOR (n:A) REQUIRE n.id IS UNIQUE;\n\nRETURN 'x;y';\n// end\n";
    expect(parseCypherStatements(script)).toEqual([
      'CREATE CONSTRAINT a IF NOT EXISTS\n  FOR (n:A) REQUIRE n.id IS UNIQUE',
      "RETURN 'x;y'",
    ]);
  });
});
