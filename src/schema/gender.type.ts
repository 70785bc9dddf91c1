import { registerEnumType } from 'type-graphql';

export enum Gender {
  MEN = 'MEN',
  WOMEN = 'WOMEN',
}

registerEnumType(Gender, {
  name: 'Gender',
  description: "Which World Cup: the men's or the women's. Teams and tournaments exist once per gender.",
});
