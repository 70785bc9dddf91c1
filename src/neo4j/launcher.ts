import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import { DEFAULT_LOCAL_HEAP } from '../config';
import { ensureNeo4jJars } from './jars';
import { classArchiveFile, classArchiveJvmArgs, TRAINING_STATEMENTS, type ClassArchiveUse } from './class-archive';
import { findJava, type JavaRuntime } from './java';
import { neo4jDirectories, neo4jJvmArgs, renderNeo4jConf } from './neo4j-conf';
import { assertPortFree, freePort } from './ports';
import { isNeo4jProcess, terminate } from './process-control';

export interface StartNeo4jOptions {
  /** Home folder of this instance; created if missing. Its data survives a stop. */
  dir: string;
  boltPort: number;
  httpPort: number;
  /** Password of the `neo4j` user: set on a fresh database, expected on an existing one. */
  password: string;
  /** JVM heap, initial and maximum; default DEFAULT_LOCAL_HEAP. */
  heap?: string;
  /** Default 128m. */
  pageCache?: string;
  /** Where the Maven-resolved jars are; default the per-user cache. */
  jarsDir?: string;
  /** Keep Neo4j running after this process exits (the `npm run neo4j -- start` case). Default false. */
  detached?: boolean;
  /** Default 120 s: a first start on a busy 2-core machine takes well over the usual 10 s. */
  startTimeoutMs?: number;
  /** How long a stop waits for Neo4j to exit before killing it; default 30 s. */
  stopTimeoutMs?: number;
}

export interface Neo4jInstance {
  uri: string;
  user: string;
  password: string;
  pid: number;
  dir: string;
  /** SIGTERM, wait for a clean shutdown, SIGKILL after 30 s. Idempotent. */
  stop(): Promise<void>;
}

export const PID_FILE = 'neo4j.pid';
const CONSOLE_LOG = 'console.log';
const USER = 'neo4j';

/**
 * Starts the real Neo4j server (CommunityEntryPoint from the Maven jars) and resolves once Bolt
 * accepts the configured password. A child that is not detached is signalled when this process
 * exits, so a crashed caller does not leave a JVM behind.
 */
export async function startNeo4j(options: StartNeo4jOptions): Promise<Neo4jInstance> {
  const java = findJava();
  const lib = await ensureNeo4jJars(options.jarsDir);
  const archive = await ensureClassArchive(lib, java);
  return launch(options, java, lib, archive ? { map: archive } : undefined);
}

/**
 * The class archive (class-archive.ts) of this Neo4j and Java, made by a training run when missing:
 * Neo4j started in a scratch folder, sent `TRAINING_STATEMENTS` and stopped, the JVM writing the
 * classes it loaded as it exits. Written under a private name, then renamed, so an archive that
 * exists is complete. Undefined when training fails: Neo4j then starts without one, only slower.
 */
export async function ensureClassArchive(lib: string, java: JavaRuntime): Promise<string | undefined> {
  const file = classArchiveFile(lib, java);
  if (existsSync(file)) return file;
  const staging = `${file}.partial-${process.pid}`;
  const home = await mkdtemp(path.join(os.tmpdir(), 'neo4j-class-training-'));
  try {
    const password = randomBytes(12).toString('hex');
    const [boltPort, httpPort] = [await freePort(), await freePort()];
    // Writing the archive happens on the way out, and takes a busy machine well over the usual stop.
    const training = await launch({ dir: home, boltPort, httpPort, password, stopTimeoutMs: 180_000 }, java, lib, { write: staging });
    try {
      await sendTrainingStatements(training.uri, password);
    } finally {
      await training.stop();
    }
    await rename(staging, file);
    return file;
  } catch (error) {
    console.warn(`Neo4j will start without a class archive (training it failed: ${(error as Error).message})`);
    return undefined;
  } finally {
    await rm(home, { recursive: true, force: true });
    await rm(staging, { force: true });
  }
}

async function sendTrainingStatements(uri: string, password: string): Promise<void> {
  const driver = neo4j.driver(uri, neo4j.auth.basic(USER, password));
  const session = driver.session({ database: 'neo4j' });
  try {
    for (const statement of TRAINING_STATEMENTS) await session.run(statement);
  } finally {
    await session.close();
    await driver.close();
  }
}

async function launch(options: StartNeo4jOptions, java: JavaRuntime, lib: string, archive: ClassArchiveUse): Promise<Neo4jInstance> {
  const home = path.resolve(options.dir);
  await assertPortFree(options.boltPort, 'Neo4j Bolt');
  await assertPortFree(options.httpPort, 'Neo4j HTTP');

  const dirs = neo4jDirectories(home);
  // The store, the logs and the config are the database: readable by its owner only, as the
  // stock packages keep them. chmod too, for a home made before this rule.
  await mkdir(home, { recursive: true, mode: 0o700 });
  await chmod(home, 0o700);
  await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
  const conf = { home, boltPort: options.boltPort, httpPort: options.httpPort, pageCache: options.pageCache ?? '128m' };
  await writeFile(path.join(dirs.conf, 'neo4j.conf'), renderNeo4jConf(conf));

  const consoleLog = path.join(dirs.logs, CONSOLE_LOG);
  const out = openSync(consoleLog, 'a');
  const args = [
    ...neo4jJvmArgs(options.heap ?? DEFAULT_LOCAL_HEAP),
    ...classArchiveJvmArgs(archive),
    '-cp',
    path.join(lib, '*'),
    'org.neo4j.server.CommunityEntryPoint',
    `--home-dir=${home}`,
    `--config-dir=${dirs.conf}`,
    '--console-mode',
  ];
  const child = spawn(java.command, args, { cwd: home, detached: options.detached, stdio: ['ignore', out, out] });
  closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${java.command}`);
  const pidFile = path.join(home, PID_FILE);
  await writeFile(pidFile, `${pid}\n`);

  let exited: number | string | null | undefined;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  const killOnExit = () => child.kill('SIGTERM');
  if (options.detached) child.unref();
  else process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      await terminate(pid, home, options.stopTimeoutMs);
      await rm(pidFile, { force: true });
    })());

  const uri = `bolt://127.0.0.1:${options.boltPort}`;
  try {
    await waitForBolt(uri, options.password, options.startTimeoutMs ?? 120_000, () => {
      if (exited === undefined) return undefined;
      return `Neo4j exited (${exited}) during start-up${exited === 3 ? ' — code 3 means an invalid neo4j.conf' : ''}.\n${tail(consoleLog)}`;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { uri, user: USER, password: options.password, pid, dir: home, stop };
}

/** Reads the PID of a Neo4j left running in `dir` (by a detached start), if it is still alive. */
export function runningNeo4jPid(dir: string): number | undefined {
  const home = path.resolve(dir);
  const pidFile = path.join(home, PID_FILE);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && isNeo4jProcess(pid, home) ? pid : undefined;
}

/** Stops the Neo4j whose PID file is in `dir`; returns false when none was running. */
export async function stopNeo4jIn(dir: string): Promise<boolean> {
  const home = path.resolve(dir);
  const pid = runningNeo4jPid(home);
  if (pid !== undefined) await terminate(pid, home);
  await rm(path.join(home, PID_FILE), { force: true });
  return pid !== undefined;
}

async function waitForBolt(uri: string, password: string, timeoutMs: number, failure: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const died = failure();
    if (died) throw new Error(died);
    try {
      await authenticate(uri, password);
      return;
    } catch (error) {
      if (!isNotReadyYet(error)) throw error;
      if (Date.now() > deadline) throw new Error(`Neo4j did not answer on ${uri} within ${timeoutMs} ms: ${String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Logs in with the wanted password; on a fresh database that fails, and the default `neo4j`
 * login, which must change its password before it may do anything else, sets it.
 */
async function authenticate(uri: string, password: string): Promise<void> {
  try {
    // Only administration commands may run on `system`, the one database sure to exist.
    await probe(uri, password, 'SHOW CURRENT USER');
  } catch (error) {
    if (errorCode(error) !== 'Neo.ClientError.Security.Unauthorized') throw error;
    try {
      await probe(uri, 'neo4j', 'ALTER CURRENT USER SET PASSWORD FROM $old TO $new', { old: 'neo4j', new: password });
    } catch (initial) {
      if (errorCode(initial) !== 'Neo.ClientError.Security.Unauthorized') throw initial;
      throw new Error(`Neo4j at ${uri} rejects the configured password: the database was created with another one.`);
    }
  }
}

async function probe(uri: string, password: string, cypher: string, params: Record<string, unknown> = {}) {
  // One short-lived driver per attempt: nothing may linger once the server is up or given up on.
  const driver: Driver = neo4j.driver(uri, neo4j.auth.basic(USER, password), { connectionTimeout: 2000 });
  const session = driver.session({ database: 'system' });
  try {
    await session.run(cypher, params);
  } finally {
    await session.close();
    await driver.close();
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string })?.code;
}

function isNotReadyYet(error: unknown): boolean {
  const code = errorCode(error) ?? '';
  return code === 'ServiceUnavailable' || code === 'SessionExpired' || code.startsWith('Neo.TransientError.');
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
