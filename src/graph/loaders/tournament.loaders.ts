import { batchMany, type LoaderEnv } from './batched-loader';
import { awardWinProjection } from './projections';
import type { AwardWinRow } from './rows';

/** What belongs to a tournament as a whole, keyed by tournament id. */
export function createTournamentLoaders(env: LoaderEnv) {
  return {
    tournamentAwards: batchMany<AwardWinRow>(env,
      `UNWIND $ids AS id
       MATCH (p:Player)-[r:WON_AWARD]->(t:Tournament {id: id})
       WITH id, p, r, t ORDER BY r.award, p.name
       RETURN id AS key, ${awardWinProjection('p', 'r', 't')} AS value`,
    ),
  };
}
