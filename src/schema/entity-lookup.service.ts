import type DataLoader from 'dataloader';
import { fold } from '../graph/model/fold';
import { looksLikeTeamId, tournamentId } from '../graph/model/identity';
import { loadExisting } from '../graph/read/loaders/batched-loader';
import type { NameCandidateRow, TeamRow } from '../graph/read/loaders/rows';
import type { Context } from './context';
import { BadUserInputError } from './errors';
import { Gender } from './gender.type';

interface Named {
  id: string;
  name: string;
}

type NameLoader<T> = DataLoader<string, NameCandidateRow<T>[], string>;

/** The loader key of a name, refusing names that normalise to nothing ("-", "  "). */
function nameKey(argumentName: string, name: string): string {
  const key = fold(name);
  if (!key) throw new BadUserInputError(argumentName, `must contain letters or digits, but got ${JSON.stringify(name)}`);
  return key;
}

/** Exact alias hits win; only without any does a name stand for the entities containing all its words. */
function bestCandidates<T>(candidates: NameCandidateRow<T>[]): T[] {
  const exact = candidates.filter((candidate) => candidate.exact);
  return (exact.length > 0 ? exact : candidates).map((candidate) => candidate.node);
}

function ambiguous(argumentName: string, name: string, nodes: Named[]): BadUserInputError {
  const candidates = nodes.map(({ id, name: candidateName }) => ({ id, name: candidateName }));
  return new BadUserInputError(
    argumentName,
    `is ambiguous: "${name}" could be ${candidates.map((c) => `${c.name} (${c.id})`).join(', ')}; pass an id or a fuller name.`,
    { candidates },
  );
}

/**
 * The one entity an `id` or a `name` argument means: `null` when nothing matches, a BAD_USER_INPUT
 * error listing the candidates when a name fits several. `accept` narrows name candidates (gender).
 */
export async function findOne<T extends Named>(
  args: { id?: string | null; name?: string | null },
  byId: DataLoader<string, T | null, string>,
  byName: NameLoader<T>,
  accept: (node: T) => boolean = () => true,
): Promise<T | null> {
  if (args.id == null && args.name == null) throw new BadUserInputError('id', 'or "name": give one of them.');
  if (args.id != null && args.name != null) throw new BadUserInputError('name', 'cannot be given with "id": give one of them.');
  if (args.id != null) return byId.load(args.id);
  return findByName('name', args.name as string, byName, accept);
}

/** The one entity a name given in `argumentName` means; errors name that argument. */
export async function findByName<T extends Named>(
  argumentName: string,
  name: string,
  byName: NameLoader<T>,
  accept: (node: T) => boolean = () => true,
): Promise<T | null> {
  const nodes = bestCandidates(await byName.load(nameKey(argumentName, name))).filter(accept);
  if (nodes.length > 1) throw ambiguous(argumentName, name, nodes);
  return nodes[0] ?? null;
}

/** A `name` filter (part of a name) as the normalised text pages match on; null without one. */
export function nameFilterKey(argumentName: string, name: string | null | undefined): string | null {
  return name == null ? null : nameKey(argumentName, name);
}

/** What else the request says about the team it names. */
export interface TeamScope {
  gender?: Gender | null;
  tournamentYears?: readonly number[] | null;
}

/** The scope of a list filter naming World Cups. */
export function teamScopeOf(filter: TeamScope | null): TeamScope {
  return { gender: filter?.gender, tournamentYears: filter?.tournamentYears };
}

/**
 * The genders whose World Cups were played in `years`, or null when the years say nothing: the men's
 * and the women's tournaments have never shared a year, so a year settles which team is meant.
 */
async function gendersPlayedIn({ loaders }: Context, years: readonly number[] | null | undefined): Promise<Gender[] | null> {
  if (!years) return null;
  const ids = years.flatMap((year) => [tournamentId(year, Gender.MEN), tournamentId(year, Gender.WOMEN)]);
  const genders = new Set((await loadExisting(loaders.tournament, ids)).map((tournament) => tournament.gender as Gender));
  return genders.size > 0 ? [...genders] : null;
}

/**
 * The teams a team reference (an id or a name) stands for; `[]` when it names nothing, so a filter
 * matches nothing. Most names are both a men's and a women's team ("Argentina"); the one meant is
 * the one of the gender given, else of the World Cups of the years given, else the men's team, as
 * `team(name:)`, `tournament` and `headToHead` default to the men's game. Years of both World Cups
 * mean both teams. Two different countries ("Korea") are ambiguous: a BAD_USER_INPUT error.
 */
export async function teamsFor(context: Context, argumentName: string, reference: string, scope: TeamScope = {}): Promise<TeamRow[]> {
  // A name never has an id's shape: asking for it by id first cost a name a statement.
  const byId = looksLikeTeamId(reference) ? await context.loaders.team.load(reference) : null;
  if (byId) return [byId];
  const candidates = bestCandidates<TeamRow>(await context.loaders.teamsByName.load(nameKey(argumentName, reference)));
  const genders = scope.gender ? [scope.gender] : await gendersPlayedIn(context, scope.tournamentYears);
  let teams = candidates.filter((team) => !genders || genders.includes(team.gender as Gender));
  if (!genders && teams.some((team) => team.gender === Gender.MEN)) teams = teams.filter((team) => team.gender === Gender.MEN);
  if (new Set(teams.map((team) => team.name)).size > 1) throw ambiguous(argumentName, reference, teams);
  return teams;
}

/**
 * The ids of `teamsFor`'s teams, where a reference spelt as a team id (`argentina-men`) is taken as
 * one without reading it: an id no team has then matches nothing, as a name no team has does. Apps
 * filter by ids, and the statement that checked them was a sixth of the time of Argentina v
 * England's meetings.
 */
export async function teamIdsFor(context: Context, argumentName: string, reference: string, scope: TeamScope = {}): Promise<string[]> {
  if (looksLikeTeamId(reference)) return [reference];
  return (await teamsFor(context, argumentName, reference, scope)).map((team) => team.id);
}
