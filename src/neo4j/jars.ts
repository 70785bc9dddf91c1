import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// src/neo4j/ and dist/neo4j/ are both two levels below the repository root; tsc does not copy the pom.
const POM = path.resolve(__dirname, '..', '..', 'src', 'neo4j', 'pom.xml');

/** The Neo4j version pinned in pom.xml, the single place it is written down. */
export function neo4jVersion(): string {
  const match = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) throw new Error(`${POM} does not define <neo4j.version>`);
  return match[1];
}

/** Per-user cache, outside the repository, so the 120 MB of jars are resolved once per version. */
export function defaultJarsDir(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'sports-kg', `neo4j-${neo4jVersion()}`, 'lib');
}

/**
 * Returns a folder holding the Neo4j server jars, resolving them from Maven Central on first use.
 * Maven copies into a private folder which is then renamed into place: a rename is atomic, so a
 * folder that exists is complete, even when several test runs resolve at the same time.
 */
export async function ensureNeo4jJars(jarsDir: string = defaultJarsDir()): Promise<string> {
  if (existsSync(jarsDir)) return jarsDir;
  const mvn = findMaven();
  const staging = `${jarsDir}.partial-${process.pid}`;
  await mkdir(path.dirname(jarsDir), { recursive: true });
  await rm(staging, { recursive: true, force: true });
  const args = ['-B', '-q', '-f', POM, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${staging}`];
  const { code, output } = await run(mvn, args);
  if (code !== 0) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(`Resolving Neo4j ${neo4jVersion()} with Maven failed (mvn exited with ${code}):\n${output.slice(-4000)}`);
  }
  try {
    await rename(staging, jarsDir);
  } catch (error) {
    // Another process renamed its copy first; theirs is as good as ours.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(jarsDir)) throw error;
  }
  return jarsDir;
}

function findMaven(): string {
  const probe = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Maven (`mvn`) is needed once to download the Neo4j server jars, but it is not on PATH. ' +
        'Install it (e.g. `apt-get install maven`), or set NEO4J_URI to use your own Neo4j.',
    );
  }
  return 'mvn';
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
