import { AppearanceResolver } from './matches/appearance.resolver';
import { AssistCoverageResolver } from './assists/assist-coverage.resolver';
import { AssistsResolver } from './assists/assists.resolver';
import { AwardWinResolver } from './people/award-win.resolver';
import { BookingResolver } from './matches/booking.resolver';
import { ClaimAboutResolver, ClaimCheckResolver, ClaimCoverageResolver, ClaimResolver } from './provenance/claim.resolver';
import { CoachResolver } from './people/coach.resolver';
import { ChangeResolver, EditingResolver } from './editing/editing.resolver';
import { GoalResolver } from './matches/goal.resolver';
import { StandingResolver } from './tournaments/group.resolver';
import { HeadToHeadResolver, TeamHeadToHeadResolver } from './teams/head-to-head.resolver';
import { LeaderResolver } from './leaders/leader.resolver';
import { MatchCoachResolver, MatchResolver } from './matches/match.resolver';
import { NodeResolver } from './search/node.resolver';
import { PathNodeResolver, PathResolver } from './search/path.resolver';
import { AssistPartnerResolver, PlayerResolver, WorldCupStatsResolver } from './people/player.resolver';
import { provenanceResolvers } from './provenance/provenance.resolver';
import { QuoteResolver } from './people/quote.resolver';
import { MatchRefereesResolver, RefereeResolver } from './people/referee.resolver';
import { SearchResolver } from './search/search.resolver';
import { SourceResolver } from './provenance/source.resolver';
import { SubstitutionResolver } from './matches/substitution.resolver';
import { OpponentRecordResolver, TeamRecordResolver } from './teams/team-record.resolver';
import { TeamResolver } from './teams/team.resolver';
import { SquadMemberResolver, TournamentEntryResolver } from './tournaments/tournament-entry.resolver';
import { TournamentResolver } from './tournaments/tournament.resolver';
import { VenueResolver } from './places/venue.resolver';

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
