import { registerEnumType } from 'type-graphql';

export enum MatchScope {
  WORLD_CUP = 'WORLD_CUP',
  ALL_MATCHES = 'ALL_MATCHES',
}

registerEnumType(MatchScope, {
  name: 'MatchScope',
  description: 'Which matches a record counts: World Cup matches only, or every full international of every competition.',
});
