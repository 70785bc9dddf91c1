import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createApiToken, listApiTokens, revokeApiToken, ROLES, TokenNameTakenError, type Role } from '../graph/write/api-tokens';
import { openGraph } from '../neo4j/open-graph';

const USAGE = `usage:
  npm run token -- create --name <who> --role editor|admin   prints the new token, once
  npm run token -- list                                      names, roles, when made, revoked
  npm run token -- revoke <name>`;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

class UsageError extends Error {}

/**
 * `npm run token`: editors' API tokens in the database `npm start` uses (NEO4J_URI, or the
 * managed local Neo4j). Only a token's hash is stored; the token is printed once, to stdout alone.
 */
async function main(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { name: { type: 'string' }, role: { type: 'string' } } });
  const [command, ...rest] = positionals;
  if (command === 'create') {
    if (!values.name || !NAME.test(values.name)) throw new UsageError('--name: 1-64 letters, digits, ".", "_", "@" or "-"');
    if (!ROLES.includes(values.role as Role)) throw new UsageError(`--role: one of ${ROLES.join(', ')}`);
  } else if (command === 'revoke') {
    if (rest.length !== 1) throw new UsageError('revoke takes one token name');
  } else if (command !== 'list') {
    throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  }
  const { graph, close } = await openGraph(loadConfig());
  try {
    if (command === 'create') {
      const token = await createApiToken(graph, values.name!, values.role as Role);
      console.error(`Token "${values.name}" (${values.role}) made; it is shown this once, keep it secret:`);
      console.log(token);
    } else if (command === 'list') {
      for (const t of await listApiTokens(graph)) console.log(`${t.name}\t${t.role}\t${t.created}${t.revoked ? '\trevoked' : ''}`);
    } else if (!(await revokeApiToken(graph, rest[0]!))) {
      throw new UsageError(`no active token is named "${rest[0]}"`);
    } else {
      console.error(`Token "${rest[0]}" revoked.`);
    }
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof TokenNameTakenError) {
      console.error(`${error.message}\n${error instanceof UsageError ? USAGE : ''}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
