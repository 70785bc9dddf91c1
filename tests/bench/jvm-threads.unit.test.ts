import { describe, expect, it } from 'vitest';
import { cpuMsOfStat } from '../../bench/bench-process';
import { jvmThreadGroup } from '../../bench/jvm-threads';

describe('jvmThreadGroup', () => {
  it.each([
    ['C2 CompilerThre', 'JIT compiler'],
    ['C1 CompilerThre', 'JIT compiler'],
    ['neo4j.BoltWorke', 'Bolt workers'],
    ['neo4j.BoltNetwo', 'other'],
    ['GC Thread#1', 'garbage collector'],
    ['G1 Conc#0', 'garbage collector'],
    ['G1 Refine#0', 'garbage collector'],
    ['VM Thread', 'other'],
    ['java', 'other'],
  ])('%s is %s', (name, group) => expect(jvmThreadGroup(name)).toBe(group));
});

describe('cpuMsOfStat', () => {
  it('adds user and system time, in ms, after a command name holding spaces and parentheses', () => {
    const stat = '4242 (C2 Compiler (x)) S 1 4242 4242 0 -1 4194368 100 0 0 0 1234 56 0 0 20 0 1 0 5 0 0';
    expect(cpuMsOfStat(stat)).toBe((1234 + 56) * 10);
  });
});
