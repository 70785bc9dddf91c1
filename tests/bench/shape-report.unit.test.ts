import { describe, expect, it } from 'vitest';
import { combine, type LoadResult } from '../../bench/load-run';
import type { QueryFigures } from '../../bench/peer-bench';
import type { QueryShape } from '../../bench/query-shapes';
import { formatShapeReport } from '../../bench/shape-bench';

const API = 'this API';
const PEER = '@neo4j/graphql';

const run = (requestsPerSecond: number, p99: number): LoadResult => ({ requests: requestsPerSecond * 5, seconds: 5, p50: 1, p99, cpuMs: 0, failures: 0 });

/** The rounds of each side, combined as the bench combines them (load-run.ts). */
function figures(name: string, ours: LoadResult[], theirs: LoadResult[] | undefined, statements: number): QueryFigures {
  const shape: QueryShape = { name, root: { field: 'team', args: {}, type: 'Team', list: false, selections: [] }, query: '{ team { id } }', depth: 1, listUnderList: false };
  const load = new Map([[API, new Map([[20, combine(ours)]])]]);
  if (theirs) load.set(PEER, new Map([[20, combine(theirs)]]));
  const counts = new Map([[API, statements]]);
  if (theirs) counts.set(PEER, 1);
  return { query: { name, shape } as unknown as QueryFigures['query'], load, statementsPerRequest: counts };
}

describe('the generated shapes report', () => {
  const report = formatShapeReport(
    [
      figures('c01 team > coaches', [run(550, 40), run(650, 40)], [run(440, 80), run(360, 80)], 1),
      figures('c02 match > goals', [run(900, 30), run(900, 30)], [run(300, 90), run(300, 90)], 1),
      figures('s01 assists > scorer', [run(80, 500), run(80, 500)], undefined, 3),
    ],
    [{ shape: 's02 confederations > teams > opponents', reason: 'this API: 1 failed requests under load', statementsPerRequest: 2 }],
    API,
    PEER,
    20,
    7,
  );

  it('names the worst throughput and p99 ratios over the shapes both servers answer, and their medians', () => {
    expect(report).toContain('throughput ratio worst 1.50× ("c01 team > coaches", by round 1.25×, 1.81×), median 2.25×');
    expect(report).toContain('p99 ratio worst 0.50× ("c01 team > coaches"), median 0.42×');
  });

  it("shows each round's throughput ratio beside the shape's, round against the peer's round run next to it", () => {
    expect(report).toContain('| c01 team > coaches | 600 | 400 | 1.50× | 1.25×, 1.81× | 0.50× |');
    expect(report).toContain('| c02 match > goals | 900 | 300 | 3.00× | 3.00×, 3.00× | 0.33× |');
    expect(report).toContain('| s01 assists > scorer | 80 | cannot express | - | - | - |');
  });

  it("keeps a failed shape's statements per request in its row and in the distribution over every shape", () => {
    expect(report).toContain('| s02 confederations > teams > opponents | FAILED: this API: 1 failed requests under load | | | | | 2.00, - | |');
    expect(report).toContain("this API's statements per request over all 4 shapes: min 1.00, median 1.50, max 3.00.");
    expect(report).toContain('3 measured, 1 failed');
  });
});
