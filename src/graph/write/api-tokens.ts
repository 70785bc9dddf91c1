import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GraphClient } from '../driver/driver';
import type { GraphReader } from '../read/loaders/batched-loader';

/**
 * API tokens for editors, kept in the graph on `ApiToken` nodes outside the model (no `:Entity`):
 * a name, a role, when it was made, whether it is revoked, and the SHA-256 of its secret. The
 * token itself (`kg_<key>_<secret>`) is shown once, when it is made; the key finds the node, the
 * secret's hash is compared in constant time.
 */
export const API_TOKEN_LABEL = 'ApiToken';

export const ROLES = ['editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface ApiTokenInfo {
  name: string;
  role: Role;
  created: string;
  revoked: boolean;
}

const TOKEN_SHAPE = /^kg_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

export class TokenNameTakenError extends Error {
  override name = 'TokenNameTakenError';
  constructor(tokenName: string) {
    super(`a token named "${tokenName}" exists and is not revoked; revoke it first`);
  }
}

/** Makes a token named `name`; a revoked token's name may be reused, an active one's may not. */
export async function createApiToken(graph: GraphClient, name: string, role: Role): Promise<string> {
  const key = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await graph.write<{ made: boolean }>(
    `OPTIONAL MATCH (held:ApiToken {name: $name})
     WITH held WHERE held IS NULL OR held.revoked
     CALL (held) { WITH held WHERE held IS NOT NULL DELETE held }
     CREATE (:ApiToken {name: $name, role: $role, key: $key, hash: $hash, created: toString(datetime()), revoked: false})
     RETURN true AS made`,
    { name, role, key, hash: hashOf(secret).toString('hex') },
  );
  if (!row) throw new TokenNameTakenError(name);
  return `kg_${key}_${secret}`;
}

export async function listApiTokens(graph: GraphReader): Promise<ApiTokenInfo[]> {
  return graph.read<ApiTokenInfo>(
    'MATCH (t:ApiToken) RETURN t.name AS name, t.role AS role, t.created AS created, t.revoked AS revoked ORDER BY t.name',
  );
}

/** Whether a token of that name was active (it no longer is). */
export async function revokeApiToken(graph: GraphClient, name: string): Promise<boolean> {
  const rows = await graph.write('MATCH (t:ApiToken {name: $name}) WHERE NOT t.revoked SET t.revoked = true RETURN t.name AS name', { name });
  return rows.length > 0;
}

/** The active token `token` is, or undefined (malformed, unknown, wrong secret or revoked). */
export async function verifyApiToken(graph: GraphReader, token: string): Promise<{ name: string; role: Role } | undefined> {
  const parts = TOKEN_SHAPE.exec(token);
  if (!parts) return undefined;
  const [row] = await graph.read<{ name: string; role: Role; hash: string; revoked: boolean }>(
    'MATCH (t:ApiToken {key: $key}) RETURN t.name AS name, t.role AS role, t.hash AS hash, t.revoked AS revoked',
    { key: parts[1] },
  );
  if (!row) return undefined;
  const matches = timingSafeEqual(hashOf(parts[2]!), Buffer.from(row.hash, 'hex'));
  return matches && !row.revoked ? { name: row.name, role: row.role } : undefined;
}
