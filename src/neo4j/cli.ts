import { ConfigError, loadConfig } from '../config';
import { ensureNeo4jJars } from './jars';
import { findJava } from './java';
import { idleWatcherMinutes } from './idle-stop';
import { ensureClassArchive } from './launcher';
import { localNeo4jStatus, startLocalNeo4j, stopLocalNeo4j } from './local-instance';

const USAGE = `Usage: npm run neo4j -- <command>
  start    start the local Neo4j in the background (data in NEO4J_LOCAL_DIR, default .neo4j/)
  stop     stop it, or the one npm start keeps warm (SIGTERM, then SIGKILL after 30 s)
  status   say whether it runs, and where
  install  only resolve the Neo4j jars from Maven Central into the cache, and train their class archive`;

async function main(command: string | undefined): Promise<number> {
  const local = loadConfig().localNeo4j;
  switch (command) {
    case 'start': {
      const started = Date.now();
      const neo4j = await startLocalNeo4j(local, { detached: true });
      const how = neo4j.reused ? 'already running' : `started in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      console.log(`Neo4j ${how}: ${neo4j.uri} (pid ${neo4j.pid}, user neo4j, password in ${local.dir}/password)`);
      return 0;
    }
    case 'stop':
      console.log((await stopLocalNeo4j(local)) ? 'Neo4j stopped.' : 'Neo4j was not running.');
      return 0;
    case 'status': {
      const status = localNeo4jStatus(local);
      const idleMinutes = status.running ? idleWatcherMinutes(local.dir) : undefined;
      const watched = idleMinutes === undefined ? '' : `; stops ${idleMinutes} min after the last server stops`;
      console.log(status.running ? `Neo4j is running: ${status.uri} (pid ${status.pid}${watched})` : 'Neo4j is not running.');
      return status.running ? 0 : 3;
    }
    case 'install': {
      const lib = await ensureNeo4jJars(local.jarsDir);
      console.log(`Neo4j jars in ${lib}`);
      const archive = await ensureClassArchive(lib, findJava());
      if (archive) console.log(`Neo4j class archive in ${archive}`);
      return 0;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
