import type { JWTPayload, JWTVerifyGetKey, jwtVerify } from 'jose' with { 'resolution-mode': 'import' };
import type { GraphReader } from '../graph/read/loaders/batched-loader';
import { ROLES, verifyApiToken, type Role } from '../graph/write/api-tokens';
import type { Editor } from '../ingest/editing/graph-editor';

/**
 * Who a request's `Authorization: Bearer` header speaks for: an API token of this graph
 * (`kg_...`, see api-tokens.ts) or, when a JWKS URL is configured, a JWT signed by the identity
 * provider, its role read from a named claim. Undefined for a missing or invalid credential; a
 * valid JWT without a known role is an editor of no role (`role: null`), refused as FORBIDDEN.
 */
export type Caller = { name: string; role: Role | null };

export interface JwtOptions {
  jwksUrl: string;
  /** The claim holding the role (`role`, or e.g. `https://example.org/roles`); a string or a list. */
  roleClaim: string;
}

export class Authenticator {
  private jwks?: Promise<{ keys: JWTVerifyGetKey; verify: typeof jwtVerify }>;

  constructor(
    private readonly graph: GraphReader,
    private readonly jwt?: JwtOptions,
  ) {}

  async authenticate(authorization: string | undefined): Promise<Caller | undefined> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!bearer) return undefined;
    if (bearer.startsWith('kg_')) return verifyApiToken(this.graph, bearer);
    if (!this.jwt) return undefined;
    // jose is an ES module: loaded on the first JWT, and its key set (fetched and cached by jose) made once.
    this.jwks ??= import('jose').then((jose) => ({ keys: jose.createRemoteJWKSet(new URL(this.jwt!.jwksUrl)), verify: jose.jwtVerify }));
    try {
      const { keys, verify } = await this.jwks;
      const { payload } = await verify(bearer, keys);
      return { name: payload.sub ?? 'jwt', role: roleOf(payload, this.jwt!.roleClaim) };
    } catch {
      return undefined;
    }
  }
}

/** The strongest role of ours a claim names. */
function roleOf(payload: JWTPayload, claim: string): Role | null {
  const value = payload[claim];
  const named = (Array.isArray(value) ? value : [value]).filter((role): role is string => typeof role === 'string');
  return [...ROLES].reverse().find((role) => named.includes(role)) ?? null;
}

/** Whether `caller` may write: editors and admins may. */
export function asEditor(caller: Caller): Editor | undefined {
  return caller.role ? { name: caller.name, role: caller.role } : undefined;
}
