import { type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { Match } from './matches/match.type';
import { Player } from './people/player.type';
import { Team } from './teams/team.type';
import { Tournament } from './tournaments/tournament.type';

@ObjectType({ description: 'Where a page ends, and whether another follows.' })
export class PageInfo {
  @Field({ description: 'Whether `after: endCursor` would return more.' })
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; pass it as `after` for the next page.' })
  endCursor!: string | null;
}

/** Relay-style connection types for a node type: `<Node>Edge` and the abstract page class. */
export function Connection<TNode extends object>(NodeType: ClassType<TNode>) {
  @ObjectType(`${NodeType.name}Edge`, { description: `A ${NodeType.name} and its cursor.` })
  class Edge {
    @Field({ description: 'Opaque position of this node in the list.' })
    cursor!: string;

    @Field(() => NodeType)
    node!: TNode;
  }

  // Never referenced by a field itself, so the schema only ever shows the concrete subclasses.
  @ObjectType()
  abstract class Page {
    @Field(() => Int, { description: 'Number of nodes in the whole list, all pages together.' })
    totalCount!: number;

    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [NodeType], { description: 'The nodes of `edges`, for clients that need no cursors.' })
    nodes!: TNode[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return Page;
}

@ObjectType({ description: 'A page of matches, ordered by date.' })
export class MatchConnection extends Connection(Match) {}

@ObjectType({ description: 'A page of players, ordered by name.' })
export class PlayerConnection extends Connection(Player) {}

@ObjectType({ description: 'A page of teams, ordered by name.' })
export class TeamConnection extends Connection(Team) {}

@ObjectType({ description: 'A page of World Cups, ordered by year.' })
export class TournamentConnection extends Connection(Tournament) {}
