import type { PagePosition, PageRow } from '../graph/read/loaders/rows';
import { MAX_PAGE_SIZE } from '../graph/read/loaders/page.loaders';
import { BadUserInputError } from './errors';

export const DEFAULT_PAGE_SIZE = 20;

export function checkFirst(first: number): number {
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) {
    throw new BadUserInputError('first', `must be between 0 and ${MAX_PAGE_SIZE}, but got ${first}; page with \`after\`.`, {
      maximum: MAX_PAGE_SIZE,
    });
  }
  return first;
}

/** Cursors are opaque to clients: base64url of the (sort value, id) pair the next page starts after. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor(after: string | null | undefined): PagePosition | null {
  if (after === null || after === undefined) return null;
  try {
    const position: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(position) && position.length === 2 && position.every((part) => typeof part === 'string')) {
      return position as PagePosition;
    }
  } catch {
    // Falls through to the error below: a mangled cursor is the client's mistake, not ours.
  }
  throw new BadUserInputError('after', `is not a cursor of this list: ${JSON.stringify(after)}`);
}

export interface ConnectionValue<T> {
  totalCount: number;
  edges: Array<{ cursor: string; node: T }>;
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * `page` holds up to `first + 1` rows (page.loaders): the extra one only says that more follow.
 * Cursors come from the positions the query returned, never recomputed here from a node's fields.
 */
export function toConnection<T>(page: PageRow<T> | null, first: number): ConnectionValue<T> {
  const rows = page?.nodes ?? [];
  const positions = page?.positions ?? [];
  const nodes = rows.slice(0, first);
  const edges = nodes.map((node, i) => ({ cursor: encodeCursor(positions[i]!), node }));
  return {
    totalCount: page?.totalCount ?? 0,
    edges,
    nodes,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

export const emptyConnection = <T>(): ConnectionValue<T> => toConnection<T>(null, 0);
