import { Field, ID, InterfaceType } from 'type-graphql';
import { typeNameOf } from './label-types';

@InterfaceType({
  description: 'Relay\'s object identification: anything `node(id:)` can fetch again by its id.',
  resolveType: typeNameOf,
})
export abstract class Node {
  @Field(() => ID, { description: 'Stable, readable and unique across types, e.g. `lionel-messi`, `argentina-men`, `wc-2026-men`.' })
  id!: string;
}

@InterfaceType({
  description: 'Anything in the graph with a stable id: usable in `node`, `path`, claims and provenance.',
  resolveType: typeNameOf,
  implements: Node,
})
export abstract class Entity extends Node {}
