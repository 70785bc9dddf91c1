import { canonicalTeamName } from '../../team-names';

/** A name a national team played under for a while, as former_names.csv states it. */
export interface FormerName {
  current: string;
  former: string;
  from: string;
  to: string;
}

/**
 * Predecessors the results list folds into a current name without saying so in former_names.csv:
 * it files West Germany's matches under Germany, as FIFA's records do, while the World Cup data
 * sets keep West Germany apart. Czechoslovakia is in the list under its own name; FIFA counts its
 * record with the Czech Republic's.
 */
export const FOLDED_PREDECESSORS: readonly FormerName[] = [
  { current: 'Germany', former: 'West Germany', from: '1949-09-22', to: '1990-10-02' },
];
export const UNLISTED_SUCCESSORS: ReadonlyArray<{ predecessor: string; successor: string }> = [
  { predecessor: 'Czechoslovakia', successor: 'Czech Republic' },
];

/** A team of the results list at a date, by the name it played under then. */
export interface TeamLineage {
  /** The name the team played under on `date`, in the graph's spelling. */
  nameAt(current: string, date: string): string;
  /** Each predecessor's name, its successor's and the period of its former name. */
  links(): Array<{ predecessor: string; successor: string; from: string | null; to: string | null }>;
}

/**
 * Former names that are another team's name in the graph: FR Yugoslavia is Fjelstul's Yugoslavia.
 * The others are taken as written, not through the spellings of current names: "Ireland", the IFA
 * team that became Northern Ireland, is not the Republic of Ireland.
 */
const FORMER_SPELLINGS: Record<string, string> = { 'FR Yugoslavia': 'Yugoslavia' };
const spell = (former: string) => FORMER_SPELLINGS[former] ?? former;

/**
 * The lineage of the results list's teams: each current name's former names in date order form a
 * chain (Dahomey, then Benin), each name succeeded by the next and the last by the current one.
 */
export function teamLineage(formerNames: readonly FormerName[]): TeamLineage {
  const byCurrent = new Map<string, FormerName[]>();
  for (const row of [...formerNames, ...FOLDED_PREDECESSORS]) byCurrent.set(row.current, [...(byCurrent.get(row.current) ?? []), row]);
  for (const rows of byCurrent.values()) rows.sort((a, b) => a.from.localeCompare(b.from));
  return {
    nameAt(current, date) {
      const former = byCurrent.get(current)?.find((row) => row.from <= date && date <= row.to);
      return former ? spell(former.former) : canonicalTeamName(current);
    },
    links() {
      const links = new Map<string, { predecessor: string; successor: string; from: string | null; to: string | null }>();
      for (const [current, rows] of byCurrent) {
        const chain = [...rows.map((row) => ({ name: spell(row.former), from: row.from, to: row.to })), { name: canonicalTeamName(current), from: '', to: '' }];
        chain.slice(0, -1).forEach((link, index) => {
          const successor = chain.slice(index + 1).find((next) => next.name !== link.name)!.name;
          const held = links.get(link.name);
          // One name may stand for several periods (Yugoslavia before 1992 and as FR Yugoslavia).
          links.set(link.name, {
            predecessor: link.name, successor: held?.successor ?? successor,
            from: held?.from && held.from < link.from ? held.from : link.from,
            to: held?.to && held.to > link.to ? held.to : link.to,
          });
        });
      }
      for (const { predecessor, successor } of UNLISTED_SUCCESSORS) {
        if (!links.has(predecessor)) links.set(predecessor, { predecessor, successor, from: null, to: null });
      }
      return [...links.values()];
    },
  };
}
