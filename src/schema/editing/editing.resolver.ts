import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { GraphQLError } from 'graphql';
import type { Context } from '../context';
import { Entity } from '../entity.type';
import { typeNameOf } from '../label-types';
import { BadUserInputError, ErrorCode } from '../errors';
import type { EditSession } from './edit-session';
import { AssertFactInput, MatchReportInput } from './edit.input';
import { Change, EditRecordConnection, WriteResult } from './write-result.type';

/** Most audit records one page returns. */
const MAX_PAGE = 100;

/** The request's edit session; a server without one (the schema run in-process) takes no writes. */
function sessionOf(context: Context): EditSession {
  if (!context.editing) {
    throw new GraphQLError('This server takes no writes.', { extensions: { code: ErrorCode.UNAUTHENTICATED, http: { status: 401 } } });
  }
  return context.editing;
}

@Resolver()
export class EditingResolver {
  @Mutation(() => WriteResult, {
    description:
      "States one fact of one entity in the name of a source. The reconciler ranks it with the other sources' versions, " +
      'so a lone correction of a fact other sources agree on becomes a disputed value, not the new preferred one. ' +
      'Needs a token (`Authorization: Bearer`) of role editor or admin.',
  })
  assertFact(
    @Ctx() context: Context,
    @Arg('input', () => AssertFactInput) input: AssertFactInput,
    @Arg('dryRun', () => Boolean, { defaultValue: false, description: 'Report what would change, write nothing.' }) dryRun: boolean,
  ) {
    return sessionOf(context).assertFact(input, dryRun);
  }

  @Mutation(() => WriteResult, {
    description: 'Records a match report: the match (found or made), its goals, line-ups, substitutions and cards, all citing the report.',
  })
  recordMatchReport(
    @Ctx() context: Context,
    @Arg('input', () => MatchReportInput) input: MatchReportInput,
    @Arg('dryRun', () => Boolean, { defaultValue: false }) dryRun: boolean,
  ) {
    return sessionOf(context).recordMatchReport(input, dryRun);
  }

  @Mutation(() => WriteResult, {
    description: 'Undoes every write in the name of a source made through the API, and removes the source: the graph is as before them.',
  })
  retractSource(@Ctx() context: Context, @Arg('id', () => ID) id: string) {
    return sessionOf(context).retractSource(id);
  }

  @Query(() => EditRecordConnection, { description: 'The audit trail of writes through the API, newest first.' })
  changes(
    @Ctx() context: Context,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The `endCursor` of the previous page.' }) after: string | null,
    @Arg('by', () => String, { nullable: true, description: 'Only the writes of this token name.' }) by: string | null,
    @Arg('since', () => String, { nullable: true, description: 'Only writes at or after this time (ISO-8601).' }) since: string | null,
  ) {
    if (first < 1 || first > MAX_PAGE) throw new BadUserInputError('first', `must be from 1 to ${MAX_PAGE}`);
    // An argument left out arrives as undefined.
    if (since != null && Number.isNaN(Date.parse(since))) throw new BadUserInputError('since', 'must be an ISO-8601 time such as 2026-07-15T12:00:00Z');
    const sinceIso = since == null ? null : new Date(since).toISOString();
    return sessionOf(context).changes({ first, after: after ?? null, by: by ?? null, since: sinceIso }).then(({ records, hasNextPage }) => ({
      nodes: records,
      count: records.length,
      pageInfo: { hasNextPage, endCursor: records.at(-1)?.id ?? null },
    }));
  }
}

@Resolver(() => Change)
export class ChangeResolver {
  @FieldResolver(() => Entity, { nullable: true })
  async entity(@Root() change: Change, @Ctx() { loaders }: Context) {
    const row = await loaders.entity.load(change.entityId);
    return row && typeNameOf(row) ? row : null;
  }
}
