import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Neo4j 5.26 runs on Java 17 and 21; the calendar-versioned releases need 21. */
const MIN_JAVA = 17;

/** A Java runtime: the command, and what `java -version` printed (which tells one build from another). */
export interface JavaRuntime {
  command: string;
  version: string;
}

/** Finds the `java` to run Neo4j with: `$JAVA_HOME/bin/java` when JAVA_HOME is set, else PATH's. */
export function findJava(env: NodeJS.ProcessEnv = process.env): JavaRuntime {
  const java = env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8', env });
  if (probe.error || probe.status !== 0) {
    const where = env.JAVA_HOME ? `JAVA_HOME=${env.JAVA_HOME} has no working bin/java` : 'no `java` on PATH';
    throw new Error(
      `Java ${MIN_JAVA}+ is needed to run the local Neo4j, but ${where}. ` +
        'Install a JDK (e.g. `apt-get install openjdk-17-jre-headless`), or set NEO4J_URI to use your own Neo4j.',
    );
  }
  const major = parseJavaMajor(probe.stderr);
  if (major !== undefined && major < MIN_JAVA) {
    throw new Error(`Neo4j 5.26 needs Java ${MIN_JAVA} or newer, but ${java} is Java ${major}. Set JAVA_HOME to a newer JDK.`);
  }
  return { command: java, version: probe.stderr.trim() };
}

/** Reads the major version from `java -version` output (`"17.0.15"`, or `"1.8.0_392"` for Java 8). */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}
