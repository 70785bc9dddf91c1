import { describe, expect, it } from 'vitest';
import { idleStep } from '../../src/neo4j/idle-stop';

describe('idleStep', () => {
  const idleMs = 60_000;

  it('waits while a server uses Neo4j, and forgets an idle time that began before it came', () => {
    expect(idleStep({ neo4jRuns: true, claimantRuns: true, now: 1_000, idleMs })).toEqual({ action: 'wait' });
    expect(idleStep({ neo4jRuns: true, claimantRuns: true, idleSince: 0, now: 120_000, idleMs })).toEqual({ action: 'wait' });
  });

  it('counts the idle time from the first look without a server, and stops Neo4j once it has passed', () => {
    expect(idleStep({ neo4jRuns: true, claimantRuns: false, now: 5_000, idleMs })).toEqual({ action: 'wait', idleSince: 5_000 });
    expect(idleStep({ neo4jRuns: true, claimantRuns: false, idleSince: 5_000, now: 64_999, idleMs })).toEqual({ action: 'wait', idleSince: 5_000 });
    expect(idleStep({ neo4jRuns: true, claimantRuns: false, idleSince: 5_000, now: 65_000, idleMs })).toEqual({ action: 'stop' });
  });

  it('has nothing left to do once Neo4j is gone, stopped by a command or crashed', () => {
    expect(idleStep({ neo4jRuns: false, claimantRuns: true, now: 0, idleMs })).toEqual({ action: 'exit' });
    expect(idleStep({ neo4jRuns: false, claimantRuns: false, idleSince: 0, now: 1, idleMs })).toEqual({ action: 'exit' });
  });
});
