import { readdirSync, readFileSync } from 'node:fs';
import { cpuMsOfStat } from './bench-process';

/** What a JVM thread of Neo4j does, told by its name. */
export type JvmThreadGroup = 'JIT compiler' | 'Bolt workers' | 'garbage collector' | 'other';
export const JVM_THREAD_GROUPS: readonly JvmThreadGroup[] = ['JIT compiler', 'Bolt workers', 'garbage collector', 'other'];

/**
 * The group of a thread by its Linux name (`comm`, cut to 15 characters): HotSpot's "C2 CompilerThre",
 * "GC Thread#0", "G1 Conc#0", "G1 Refine#0"; Neo4j's "neo4j.BoltWorke" (the transactions).
 */
export function jvmThreadGroup(name: string): JvmThreadGroup {
  if (name.includes('CompilerThre')) return 'JIT compiler';
  if (name.includes('BoltWorke')) return 'Bolt workers';
  if (/^(GC Thread|G1 )/.test(name)) return 'garbage collector';
  return 'other';
}

/**
 * CPU milliseconds each group of `pid`'s threads has used so far, from /proc (Linux); undefined
 * elsewhere. A thread that ended since takes its time with it, which the JVM's long-lived
 * compiler, worker and collector threads do not.
 */
export function jvmCpuMsByGroup(pid: number): Record<JvmThreadGroup, number> | undefined {
  const tasks = `/proc/${pid}/task`;
  let threads: string[];
  try {
    threads = readdirSync(tasks);
  } catch {
    return undefined;
  }
  const byGroup = Object.fromEntries(JVM_THREAD_GROUPS.map((group) => [group, 0])) as Record<JvmThreadGroup, number>;
  for (const thread of threads) {
    try {
      const name = readFileSync(`${tasks}/${thread}/comm`, 'utf8').trim();
      byGroup[jvmThreadGroup(name)] += cpuMsOfStat(readFileSync(`${tasks}/${thread}/stat`, 'utf8'));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byGroup;
}
