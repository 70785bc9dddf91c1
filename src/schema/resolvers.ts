import { AppearanceResolver } from './appearance.resolver';
import { ClaimAboutResolver, ClaimResolver } from './claim.resolver';
import { CoachResolver } from './coach.resolver';
import { GoalResolver } from './goal.resolver';
import { MatchCoachResolver, MatchResolver } from './match.resolver';
import { AssistPartnerResolver, PlayerResolver, WorldCupStatsResolver } from './player.resolver';
import { provenanceResolvers } from './provenance.resolver';
import { QuoteResolver } from './quote.resolver';
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
  PlayerResolver,
  WorldCupStatsResolver,
  AssistPartnerResolver,
  CoachResolver,
  TeamResolver,
  TournamentResolver,
  VenueResolver,
  ClaimResolver,
  ClaimAboutResolver,
  ...provenanceResolvers,
] as const;
