import { AppearanceResolver } from './appearance.resolver';
import { AssistCoverageResolver } from './assist-coverage.resolver';
import { AssistsResolver } from './assists.resolver';
import { AwardWinResolver } from './award-win.resolver';
import { BookingResolver } from './booking.resolver';
import { ClaimAboutResolver, ClaimCheckResolver, ClaimCoverageResolver, ClaimResolver } from './claim.resolver';
import { CoachResolver } from './coach.resolver';
import { ChangeResolver, EditingResolver } from './editing/editing.resolver';
import { GoalResolver } from './goal.resolver';
import { StandingResolver } from './group.resolver';
import { HeadToHeadResolver, TeamHeadToHeadResolver } from './head-to-head.resolver';
import { LeaderResolver } from './leader.resolver';
import { MatchCoachResolver, MatchResolver } from './match.resolver';
import { NodeResolver } from './node.resolver';
import { PathNodeResolver, PathResolver } from './path.resolver';
import { AssistPartnerResolver, PlayerResolver, WorldCupStatsResolver } from './player.resolver';
import { provenanceResolvers } from './provenance.resolver';
import { QuoteResolver } from './quote.resolver';
import { MatchRefereesResolver, RefereeResolver } from './referee.resolver';
import { SearchResolver } from './search.resolver';
import { SourceResolver } from './source.resolver';
import { SubstitutionResolver } from './substitution.resolver';
import { OpponentRecordResolver, TeamRecordResolver } from './team-record.resolver';
import { TeamResolver } from './team.resolver';
import { SquadMemberResolver, TournamentEntryResolver } from './tournament-entry.resolver';
import { TournamentResolver } from './tournament.resolver';
import { VenueResolver } from './venue.resolver';

/** Every resolver class of the schema; build-schema.ts hands them to type-graphql. */
export const resolvers = [
  MatchResolver,
  MatchCoachResolver,
  AppearanceResolver,
  GoalResolver,
  SubstitutionResolver,
  QuoteResolver,
  BookingResolver,
  AwardWinResolver,
  PlayerResolver,
  WorldCupStatsResolver,
  AssistPartnerResolver,
  CoachResolver,
  RefereeResolver,
  MatchRefereesResolver,
  TeamResolver,
  TournamentResolver,
  TournamentEntryResolver,
  SquadMemberResolver,
  StandingResolver,
  OpponentRecordResolver,
  TeamRecordResolver,
  VenueResolver,
  ClaimResolver,
  ClaimAboutResolver,
  ClaimCheckResolver,
  ClaimCoverageResolver,
  ...provenanceResolvers,
  HeadToHeadResolver,
  TeamHeadToHeadResolver,
  AssistsResolver,
  AssistCoverageResolver,
  LeaderResolver,
  PathResolver,
  PathNodeResolver,
  SearchResolver,
  EditingResolver,
  ChangeResolver,
  SourceResolver,
  NodeResolver,
] as const;
