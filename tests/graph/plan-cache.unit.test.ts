import { describe, expect, it } from 'vitest';
import { listSizeBucket, planCacheKey } from '../../src/graph/driver/plan-cache';

describe('listSizeBucket', () => {
  it('puts sizes together as Neo4j 5.26 plans them: 0, 1, 2-10, 11-100, 101-1,000', () => {
    const buckets = [0, 1, 2, 6, 10, 11, 20, 100, 101, 1000].map(listSizeBucket);
    expect(buckets).toEqual(['0', '1', '<=1e1', '<=1e1', '<=1e1', '<=1e2', '<=1e2', '<=1e2', '<=1e3', '<=1e3']);
  });
});

describe('planCacheKey', () => {
  const cypher = 'UNWIND $ids AS id MATCH (m:Match {id: id}) RETURN m';

  it('is the same for lists of one bucket, and differs between buckets', () => {
    expect(planCacheKey(cypher, { ids: Array(20).fill('a') })).toBe(planCacheKey(cypher, { ids: Array(40).fill('b') }));
    expect(planCacheKey(cypher, { ids: Array(20).fill('a') })).not.toBe(planCacheKey(cypher, { ids: Array(6).fill('a') }));
    expect(planCacheKey(cypher, { ids: ['a'] })).not.toBe(planCacheKey(cypher, { ids: ['a', 'b'] }));
  });

  it('is the text alone for a statement without list parameters, whatever their values', () => {
    expect(planCacheKey(cypher, {})).toBe(cypher);
    expect(planCacheKey(cypher, { first: 5, name: 'x' })).toBe(cypher);
  });
});
