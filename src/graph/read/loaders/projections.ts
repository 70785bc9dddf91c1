import { ENTITIES, ENTRY, ROW_LABELS, type EntityDeclaration } from '../../model/model';

/**
 * Cypher map projections turning a node into its row (rows.ts), shared by every query that returns
 * that kind of node so a Match read by id and a Match read in a page look the same. Each takes the
 * variable the node is bound to. The ids of a node's declared neighbours are properties of the node
 * (model.ts, RelationshipDeclaration); other neighbours come from pattern comprehensions and
 * subqueries on `nb...` names, which the surrounding queries never bind (a bound name would
 * silently constrain them). Static text only: user input never reaches these strings.
 */

const neighbourId = (pattern: string) => `head([${pattern} | nb.id])`;

/** The `property` of the node of `label` whose id is `id`: an index seek, where a walk reads every edge of a match. */
const propertyOfId = (label: string, id: string, property: string) => `head(COLLECT { MATCH (nb:${label} {id: ${id}}) RETURN nb.${property} })`;

/** The year of the tournament match `m` belongs to. */
export const tournamentYearOf = (m: string) => propertyOfId('Tournament', `${m}.tournamentId`, 'year');

/**
 * The sort key of a match in time: its date, or its tournament's year where no source states the
 * date (the 1986 quarter-final of the seeds), so undated meetings still fall in their year rather
 * than after every dated one.
 */
export const matchChronology = (m: string, tournamentYear = tournamentYearOf(m)) =>
  `coalesce(${m}.date, toString(${tournamentYear}), '')`;

/** A row's fields, each with its Cypher expression, in the order a list row carries them. */
export type RowFields = Readonly<Record<string, string>>;

/**
 * A projection applied to the variables of a loader's statement: the list it returns, and the same
 * list cut to fewer columns, for a look-ahead reading only what the selection asks for
 * (batched-loader.ts, `trimmedSpec`).
 */
export interface ProjectedRow {
  readonly columns: readonly string[];
  /** The text of the list, as it appears once in the statement. */
  readonly list: string;
  /** The list of `columns` alone, in declared order. */
  listOf(columns: readonly string[]): string;
  /** The same projection of another variable bound to the same kind of node (look-ahead.ts, `Binding`). */
  at(n: string): ProjectedRow;
}

/**
 * A kind of row, declared once as its fields, readable two ways: `list`, the values alone in
 * `columns` order, which loaders return (batched-loader.ts zips them back into the row), and `map`,
 * the Cypher map, where a query nests the row in a value of its own. The driver decodes every key
 * of every map anew (a string each time): a page of 40 matches with line-ups returned 1,404 rows,
 * about half the strings decoded were keys, and decoding appearances as lists took 40% less CPU than as maps.
 */
export class RowProjection<More extends Array<string | undefined> = []> {
  readonly columns: readonly string[];
  readonly list: (n: string, ...more: More) => string;
  readonly map: (n: string, ...more: More) => string;
  private readonly listOfColumns: (columns: string, n: string, ...more: More) => string;
  private readonly applied = new Map<string, ProjectedRow>();

  constructor(fields: (n: string, ...more: More) => RowFields) {
    // The extra arguments change expressions (a `tournamentYear` the query has already), never which fields.
    this.columns = Object.keys(fields('n', ...([] as unknown as More)));
    this.map = builtOnce((n, ...more) => `{${Object.entries(fields(n, ...more)).map(([field, cypher]) => `${field}: ${cypher}`).join(', ')}}`);
    this.listOfColumns = builtOnce((columns, n, ...more) => {
      const wanted = new Set(columns.split(','));
      return `[${Object.entries(fields(n, ...more)).flatMap(([field, cypher]) => (wanted.has(field) ? [cypher] : [])).join(', ')}]`;
    });
    // The whole row is the list of every column: one builder, so a cut list and the whole one never differ in form.
    const everyColumn = this.columns.join(',');
    this.list = (n, ...more) => this.listOfColumns(everyColumn, n, ...more);
  }

  /** This projection of node `n` (and `more`), as a loader declares the rows it returns; one object per arguments, as every request's loaders ask. */
  at(n: string, ...more: More): ProjectedRow {
    const key = JSON.stringify([n, ...more]);
    let row = this.applied.get(key);
    if (!row) {
      row = {
        columns: this.columns,
        list: this.list(n, ...more),
        listOf: (columns) => this.listOfColumns(columns.join(','), n, ...more),
        at: (other) => this.at(other, ...more),
      };
      this.applied.set(key, row);
    }
    return row;
  }
}

/**
 * `build`, remembering each text by its arguments. Every request builds its loaders' statements from
 * the projections, and building them anew each time was some 10% of the API's CPU under the chaos
 * fuzz (and as much garbage); the same arguments always give the same text.
 */
function builtOnce<Args extends Array<string | undefined>>(build: (...args: Args) => string): (...args: Args) => string {
  const built = new Map<string, string>();
  return (...args) => {
    // JSON tells an argument left out (null) from any string; the callers pass a handful of variable names.
    const key = JSON.stringify(args);
    let text = built.get(key);
    if (text === undefined) built.set(key, (text = build(...args)));
    return text;
  };
}

/** `{id: n.id, ...}` for each of `names`. */
const properties = (n: string, ...names: string[]) => Object.fromEntries(names.map((name) => [name, `${n}.${name}`]));

/** The Cypher of column `column` of the row of `entity`'s node `n`, where the column is a property (or `labels`). */
function propertyColumn(entity: EntityDeclaration, n: string, column: string): string {
  if (column === 'labels') return `labels(${n})`;
  if (entity.fields[column]?.policy === 'union') return `coalesce(${n}.${column}, [])`;
  if (entity.falseWhenAbsent?.includes(column)) return `coalesce(${n}.${column}, false)`;
  return `${n}.${column}`;
}

/** Row projections by label, for the entity projection's CASE. */
const rowsByLabel = new Map<string, RowProjection<Array<string | undefined>>>();

/**
 * The row of the entity kind of `label`, its columns as model.ts declares them (`row`); `computed`
 * gives the Cypher of the columns that are not properties of the node.
 */
function modelRow<More extends Array<string | undefined> = []>(
  label: string,
  computed: Readonly<Record<string, (n: string, ...more: More) => string>> = {},
): RowProjection<More> {
  const entity = ENTITIES.find((declared) => declared.label === label);
  if (!entity?.row) throw new Error(`model.ts declares no row for ${label}`);
  const columns = entity.row;
  const projection = new RowProjection<More>((n, ...more) =>
    Object.fromEntries(columns.map((column) => [column, computed[column]?.(n, ...more) ?? propertyColumn(entity, n, column)])));
  rowsByLabel.set(label, projection as unknown as RowProjection<Array<string | undefined>>);
  return projection;
}

export const sourceRow = modelRow('Source');
export const personRow = modelRow('Person');
export const teamRow = modelRow('Team');
export const cityRow = modelRow('City');
export const venueRow = modelRow('Venue');
export const tournamentRow = modelRow('Tournament');

/**
 * An entry `e` (a team at a tournament); the ids of its team and tournament where the query has
 * them bound already: walking from an entry to them reads its every relationship, a squad's worth.
 */
export const entryRow = new RowProjection((e: string, teamId?: string, tournamentId?: string) => ({
  id: `${e}.id`, labels: `labels(${e})`,
  teamId: teamId ?? neighbourId(`(${e})-[:FOR_TEAM]->(nb)`),
  tournamentId: tournamentId ?? neighbourId(`(${e})-[:IN_TOURNAMENT]->(nb)`),
}));
rowsByLabel.set(ENTRY.label, entryRow as unknown as RowProjection<Array<string | undefined>>);

export const stageRow = modelRow('Stage');

export const matchRow = modelRow('Match', { stageName: (m) => propertyOfId('Stage', `${m}.stageId`, 'name') });

/** The year of the tournament of the match of event `g` (a goal, a booking). */
const eventYear = (g: string) => `head(COLLECT { MATCH (nbm:Match {id: ${g}.matchId}) MATCH (nb:Tournament {id: nbm.tournamentId}) RETURN nb.year })`;

/** `tournamentYear` when the query has it already (a match's goals share their match's). */
const tournamentYearColumn = { tournamentYear: (g: string, tournamentYear?: string) => tournamentYear ?? eventYear(g) };

export const goalRow = modelRow<[tournamentYear?: string]>('Goal', tournamentYearColumn);
export const substitutionRow = modelRow('Substitution');
/** `tournamentYear`: as for `goalRow`. */
export const bookingRow = modelRow<[tournamentYear?: string]>('Booking', tournamentYearColumn);
export const quoteRow = modelRow('Quote');

export const claimRow = modelRow('Claim', {
  about: (c) => `COLLECT { MATCH (${c})-[nbr:ABOUT]->(nb) RETURN {id: nb.id, role: nbr.role} ORDER BY nbr.position }`,
});

/** The id of the tournament match `m` belongs to. */
export const tournamentIdOf = (m: string) => `${m}.tournamentId`;

/**
 * The id of the team person `p` played for or coached at the tournament whose id is `tournamentId`:
 * the team of their entry there (model.ts, ENTRY). An entry's id is the tournament's id, '-', the
 * team's id, so the team is read from the ids of the person's few entries; walking on from each
 * entry to its tournament and team read every relationship of the entry (a squad's worth), and
 * made this expression cost some 300 db hits per appearance.
 */
export const sideAt = (p: string, tournamentId: string) =>
  `head([(${p})-[:IN_SQUAD|COACHED]->(nbe:Entry) WHERE nbe.id STARTS WITH ${tournamentId} + '-' | substring(nbe.id, size(${tournamentId}) + 1)])`;

/** The id of the team person `p` played for or coached in match `m` (see `sideAt`). */
export const sideInMatch = (p: string, m: string) => sideAt(p, tournamentIdOf(m));

/**
 * The team player `p` played for in the match of appearance `r`: its entry at the tournament
 * `tournamentId`, or, in a match outside the tournaments, the side the appearance names.
 */
export const playedFor = (p: string, r: string, tournamentId: string) => `coalesce(${r}.teamId, ${sideAt(p, tournamentId)})`;

/** A `PLAYED_IN` relationship `r` from player `p` to match `m`; `teamId` when the query has it already. */
export const appearanceRow = new RowProjection((p: string, r: string, m: string, teamId?: string) => ({
  matchId: `${m}.id`, playerId: `${p}.id`, teamId: teamId ?? playedFor(p, r, tournamentIdOf(m)), starter: `coalesce(${r}.starter, false)`, started: `coalesce(${r}.starter, false)`,
  ...properties(r, 'minuteOn', 'minuteOff', 'minutes', 'shirtNumber', 'position'), sourceIds: `coalesce(${r}.sources, [])`,
}));

/** Player `p`'s place `r` (IN_SQUAD) in an entry's squad. */
export const squadMemberRow = new RowProjection((p: string, r: string) => ({
  playerId: `${p}.id`, ...properties(r, 'shirtNumber', 'position', 'club'), sourceIds: `coalesce(${r}.sources, [])`,
}));

/** A `MANAGED` relationship `r` from coach `c` to the match of id `matchId`, for the side `teamId`. */
export const matchCoachRow = new RowProjection((c: string, r: string, matchId: string, teamId: string) => ({
  coachId: `${c}.id`, teamId, matchId, sourceIds: `coalesce(${r}.sources, [])`,
}));

/** A `WON_AWARD` relationship `r` from player `p` to tournament `t`. */
export const awardWinProjection = (p: string, r: string, t: string) =>
  `{award: ${r}.award, shared: coalesce(${r}.shared, false), playerId: ${p}.id, tournamentId: ${t}.id, teamId: ${r}.teamId,
    sourceIds: coalesce(${r}.sources, [])}`;

/** Every other kind declaring a row, read with no computed column. */
for (const entity of ENTITIES) if (entity.row && !rowsByLabel.has(entity.label)) modelRow(entity.label);

/** The row projection of nodes of `label`, an entity's own (not a role's). */
export function rowOfLabel(label: string): RowProjection<[]> {
  const row = rowsByLabel.get(label);
  if (!row) throw new Error(`model.ts declares no row for ${label}`);
  return row as unknown as RowProjection<[]>;
}

/**
 * Any node by its most specific label, for interface fields (claim subjects): every label model.ts
 * reads a row by, roles left to the row of the label they come with.
 */
export const entityProjection = builtOnce((n: string) => `CASE
    ${ROW_LABELS.flatMap((label) => {
      const row = rowsByLabel.get(label);
      return row ? [`WHEN ${n}:${label} THEN ${row.map(n)}`] : [];
    }).join('\n    ')}
    ELSE ${n} {.id, labels: labels(${n})} END`);
