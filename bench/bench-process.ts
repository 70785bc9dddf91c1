import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux). */
export const cpuMsOf = (pid: number): number => cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** The CPU milliseconds of a process's or thread's `/proc/.../stat` line. */
export function cpuMsOfStat(stat: string): number {
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of those.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A server the bench started; stopped with SIGTERM. */
export class BenchProcess {
  private readonly child: ChildProcess;
  private output = '';

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  get pid(): number {
    return this.child.pid!;
  }

  cpuMs(): number {
    return cpuMsOf(this.pid);
  }

  /** Polls `url` until it answers 200; fails with the process's output if it exits or `timeoutMs` passes. */
  async waitUntilReady(url: string, timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${this.output}`);
      const ok = await fetch(url).then((res) => res.ok, () => false);
      if (ok) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} not ready at ${url} after ${timeoutMs} ms:\n${this.output}`);
  }

  /** What became of a process that has exited on its own (a crash under load), with its last output; else undefined. */
  exitReport(): string | undefined {
    const { exitCode, signalCode } = this.child;
    return exitCode === null && signalCode === null ? undefined : `${this.name} exited (${exitCode ?? signalCode}):\n${this.output}`;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
