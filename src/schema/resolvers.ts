import { AppearanceResolver } from './appearance.resolver';
import { AssistCoverageResolver } from './assist-coverage.resolver';
import { AssistsResolver } from './assists.resolver';
import { AwardWinResolver } from './award-win.resolver';
import { BookingResolver } from './booking.resolver';
import { ClaimAboutResolver, ClaimCheckResolver, ClaimCoverageResolver, ClaimResolver } from './claim.resolver';
import { CoachResolver } from './coach.resolver';
import { GoalResolver } from './goal.resolver';
import { HeadToHeadResolver, TeamHeadToHeadResolver } from './head-to-head.resolver';
import { MatchCoachResolver, MatchResolver } from './match.resolver';
import { PathNodeResolver, PathResolver } from './path.resolver';
import { AssistPartnerResolver, PlayerResolver, WorldCupStatsResolver } from './player.resolver';
import { provenanceResolvers } from './provenance.resolver';
import { QuoteResolver } from './quote.resolver';
import { SearchResolver } from './search.resolver';
import { SourceResolver } from './source.resolver';
import { SubstitutionResolver } from './substitution.resolver';
import { TeamResolver } from './team.resolver';
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
  TeamResolver,
  TournamentResolver,
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
  PathResolver,
  PathNodeResolver,
  SearchResolver,
  SourceResolver,
] as const;
