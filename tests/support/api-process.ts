import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/neo4j/ports';
import { NODE_FLAGS } from '../../src/node-flags';

const root = path.resolve(__dirname, '..', '..');

export interface ApiProcess {
  /** e.g. `http://127.0.0.1:41234` */
  base: string;
  /** Its metrics listener's `/metrics`, on a port of its own. */
  metricsUrl: string;
  pid: number;
  /** Its stdout and stderr so far: the JSON log lines. */
  output(): string;
  /** True while the process runs: outage tests check that the API was never restarted. */
  alive(): boolean;
  /** Sends `signal` without waiting; `exited` tells when and how it ended. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * One build per test file, shared by the processes it starts: tsc takes 10-20 s on this machine.
 * Removed when the last process using it stops.
 */
let build: { dir: Promise<string>; users: number } | undefined;

/**
 * Starts this file's build without starting a process, e.g. while the test seeds the graph; the
 * next `startApiProcess` waits for it.
 */
export function buildApiAhead(): void {
  build ??= newBuild();
  // Reported by the startApiProcess that awaits it, not as an unhandled rejection now.
  build.dir.catch(() => undefined);
}

async function sharedBuild(): Promise<string> {
  build ??= newBuild();
  build.users++;
  return build.dir;
}

function newBuild(): { dir: Promise<string>; users: number } {
  return {
    users: 0,
    dir: (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-api-'));
      const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
      const out = path.join(dir, 'dist');
      await promisify(execFile)(tsc, ['-p', path.join(root, 'tsconfig.build.json'), '--outDir', out, '--tsBuildInfoFile', path.join(out, '.tsbuildinfo')]);
      for (const linked of ['seeds', 'schema', 'web', 'node_modules']) await symlink(path.join(root, linked), path.join(dir, linked));
      return dir;
    })(),
  };
}

async function releaseBuild(): Promise<void> {
  if (!build || --build.users > 0) return;
  const { dir } = build;
  build = undefined;
  await rm(await dir, { recursive: true, force: true });
}

/**
 * `KG_API_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`: more node flags for the API under test,
 * to profile it (Node refuses `--cpu-prof` in NODE_OPTIONS).
 */
function extraNodeFlags(): string[] {
  return (process.env.KG_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/**
 * `npm start` in a child process, built into a temporary folder (type-graphql needs tsc's decorator
 * metadata, which tsx does not emit) beside links to seeds/, schema/, web/ (the examples) and node_modules/, the folders
 * dist/ finds by relative path. Returns once the process exists; poll its health routes to know more.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const dir = await sharedBuild();
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, ...extraNodeFlags(), path.join(dir, 'dist', 'main.js')], {
    // The tests seed the graph they need; KG_IMPORT=1 in `env` asks for the shipped data sets too.
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), KG_METRICS_PORT: String(metricsPort), KG_IMPORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopped = false;
  return {
    base: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    pid: child.pid!,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => void child.kill(signal),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!stopped) await releaseBuild();
      stopped = true;
    },
  };
}
