import { describe, expect, it } from 'vitest';
import { classArchiveFile, classArchiveJvmArgs } from '../../src/neo4j/class-archive';

describe('classArchiveFile', () => {
  const java17 = { command: 'java', version: 'openjdk version "17.0.15" 2025-04-15' };

  it('sits beside the jars of its Neo4j version, one per Java build', () => {
    const file = classArchiveFile('/cache/neo4j-5.26.30/lib', java17);
    expect(file).toMatch(/^\/cache\/neo4j-5\.26\.30\/classes-[0-9a-f]{16}\.jsa$/);
    expect(classArchiveFile('/cache/neo4j-5.26.30/lib', { ...java17 })).toBe(file);
    expect(classArchiveFile('/cache/neo4j-5.26.30/lib', { ...java17, version: 'openjdk version "17.0.16" 2025-07-15' })).not.toBe(file);
    expect(classArchiveFile('/cache/neo4j-5.26.30/lib', { ...java17, command: '/opt/jdk/bin/java' })).not.toBe(file);
  });
});

describe('classArchiveJvmArgs', () => {
  it('maps an archive, writes one at exit, or adds nothing', () => {
    expect(classArchiveJvmArgs({ map: '/a.jsa' })).toEqual(['-XX:SharedArchiveFile=/a.jsa', '-Xshare:auto']);
    expect(classArchiveJvmArgs({ write: '/a.jsa.partial' })).toEqual(['-XX:ArchiveClassesAtExit=/a.jsa.partial']);
    expect(classArchiveJvmArgs(undefined)).toEqual([]);
  });
});
