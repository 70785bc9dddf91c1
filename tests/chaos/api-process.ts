import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/neo4j/ports';

export interface ApiProcessOptions {
  neo4j: { uri: string; user: string; password: string };
  /** More environment for the API, e.g. `KG_IMPORT`. */
  env?: Record<string, string>;
  /** Default 120 s: the API applies constraints (and may import) before it listens. */
  readyTimeoutMs?: number;
}

export interface ApiProcess {
  /** e.g. `http://127.0.0.1:41234` */
  base: string;
  pid: number;
  logFile: string;
  /** Resident memory now, and the peak since start (Linux `/proc`; undefined elsewhere). */
  memoryMb(): { rss?: number; peak?: number };
  /** True while the process runs: the fault tests check the API was never restarted. */
  alive(): boolean;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The API as production runs it: `node dist/main.js` (built by the chaos global set-up) in its own
 * process with `NODE_ENV=production`, on a free 127.0.0.1 port, so its memory, its event loop and
 * its crashes are its own and not the test runner's.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = await freePort();
  const logFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'sports-kg-chaos-api-')), 'api.log');
  const out = openSync(logFile, 'a');
  // None of the runner's Neo4j or KG_ settings may leak in: the API gets exactly these.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NEO4J_|KG_|PORT$|HOST$|NODE_ENV$)/.test(name)));
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NEO4J_URI: options.neo4j.uri,
      NEO4J_USER: options.neo4j.user,
      NEO4J_PASSWORD: options.neo4j.password,
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const pid = child.pid!;
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`The API ended (${exited}) before it was ready; its log:\n${tail(logFile)}`);
    const status = await fetch(`${base}/health/ready`).then((res) => res.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The API was not ready within the time allowed (last status ${status}); its log:\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    base,
    pid,
    logFile,
    memoryMb: () => ({ rss: procStatusMb(pid, 'VmRSS'), peak: procStatusMb(pid, 'VmHWM') }),
    alive: () => exited === undefined,
    stop,
  };
}

function procStatusMb(pid: number, field: string): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
