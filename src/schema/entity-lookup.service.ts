import type DataLoader from 'dataloader';
import { normalizeName } from '../graph/identity';
import type { NameCandidateRow, TeamRow } from '../graph/loaders/rows';
import type { Context } from './context';
import { BadUserInputError } from './errors';
import type { Gender } from './gender.type';

interface Named {
  id: string;
  name: string;
}

type NameLoader<T> = DataLoader<string, NameCandidateRow<T>[], string>;

/** The loader key of a name, refusing names that normalise to nothing ("-", "  "). */
function nameKey(argumentName: string, name: string): string {
  const key = normalizeName(name);
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
  if ((args.id == null) === (args.name == null)) {
    throw new BadUserInputError(args.id == null ? 'id' : 'name', 'or "name": give exactly one of them.');
  }
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

/**
 * Team ids a filter's team reference (an id or a name) stands for; `[]` when it names nothing, so the
 * filter matches nothing. Without a gender, "Argentina" is both Argentinas; two different countries
 * ("Korea") are ambiguous.
 */
export async function teamIdsFor(
  { loaders }: Context,
  argumentName: string,
  reference: string,
  gender: Gender | null | undefined,
): Promise<string[]> {
  const byId = await loaders.team.load(reference);
  if (byId) return [byId.id];
  const teams = bestCandidates<TeamRow>(await loaders.teamsByName.load(nameKey(argumentName, reference))).filter(
    (team) => !gender || team.gender === gender,
  );
  if (new Set(teams.map((team) => team.name)).size > 1) throw ambiguous(argumentName, reference, teams);
  return teams.map((team) => team.id);
}
