import type { GraphQLResolveInfo, GraphQLScalarType } from 'graphql';
import { LocalDateResolver } from 'graphql-scalars';
import { Arg, Ctx, Field, FieldResolver, getMetadataStorage, ID, Info, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { ENTITIES, relationshipFieldName, type EntityApi, type EntityDeclaration, type RelationshipDeclaration, type ValueType } from '../graph/model/model';
import type { GraphLoader } from '../graph/read/loaders/batched-loader';
import { byIdLoaderName, EVERY_NODE, inverseLoaderName } from '../graph/read/loaders/node.loaders';
import type { Context } from './context';
import { Entity } from './entity.type';
import { typeNameOfLabel } from './label-types';
import { Row } from './row.decorator';
import { lookAhead, readAheadById } from './selection-read-ahead';

/**
 * The object types and resolvers of the kinds whose API model.ts declares whole (`EntityApi`): a
 * new kind of that sort is in the API once it is in the model, with no type or resolver to write.
 * The loaders they call are the model's too (node.loaders.ts), and so is the look-ahead of their
 * relation fields (selection-read-ahead.ts).
 */

type DeclaredWithApi = EntityDeclaration & { api: EntityApi };
type ParameterDecorator = (prototype: object, name: string, index: number) => void;
type MethodDecorator = (prototype: object, name: string, descriptor: PropertyDescriptor) => void;
type TypeThunk = () => Function | GraphQLScalarType | [Function | GraphQLScalarType];

const SCALARS: Readonly<Record<ValueType, Function | GraphQLScalarType>> = { string: String, int: Int, bool: Boolean, date: LocalDateResolver };
const WITH_API = ENTITIES.filter((entity): entity is DeclaredWithApi => entity.api !== undefined);
const hasApi = (label: string) => WITH_API.some((entity) => entity.label === label);

/** Any loader by the name node.loaders.ts gives it. */
const loaderNamed = (context: Context, name: string) => (context.loaders as unknown as Record<string, GraphLoader<string, unknown>>)[name]!;

/** The class of an object type, declared by hand or below, looked up when the schema is built. */
export function objectTypeOfLabel(label: string): () => Function {
  const name = typeNameOfLabel(label);
  return () => {
    const found = getMetadataStorage().objectTypes.find((type) => type.name === name);
    if (!found) throw new Error(`model.ts: no object type ${name} for label ${label}`);
    return found.target;
  };
}

/** A method `name` on `target`'s prototype, decorated as type-graphql's decorators would be on a written class. */
function defineMethod(
  target: Function,
  name: string,
  body: (...args: never[]) => unknown,
  method: MethodDecorator,
  parameters: ParameterDecorator[],
): void {
  Object.defineProperty(target.prototype, name, { value: body, writable: true, configurable: true });
  parameters.forEach((parameter, index) => parameter(target.prototype, name, index));
  method(target.prototype, name, Object.getOwnPropertyDescriptor(target.prototype, name)!);
}

/** A class named `name`, for type-graphql's messages and stack traces. */
const namedClass = <T extends Function>(name: string, base: T): T => Object.defineProperty(class extends (base as unknown as new () => object) {}, 'name', { value: name }) as unknown as T;

function objectType(entity: DeclaredWithApi): Function {
  const type = namedClass(entity.label, Entity);
  for (const [name, description] of Object.entries(entity.api.fields)) {
    if (!entity.row?.includes(name)) throw new Error(`model.ts: ${entity.label}'s API field ${name} is not a column of its row`);
    const field = entity.fields[name];
    const scalar = SCALARS[field?.type ?? 'string'];
    const list = field?.policy === 'union';
    const typeOf: TypeThunk = () => (list ? [scalar] : scalar);
    Field(typeOf, { nullable: !list && !entity.api.required?.includes(name), description })(type.prototype, name);
  }
  ObjectType(entity.label, { implements: Entity, description: entity.api.description })(type);
  return type;
}

const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
const spoken = (label: string) => label.replace(/(?<=.)([A-Z])/g, ' $1').toLowerCase();

function rootResolver(entity: DeclaredWithApi, type: () => Function): Function {
  const resolver = namedClass(`${entity.label}Roots`, Object);
  const byId = byIdLoaderName(entity.label);
  const example = entity.idExamples?.[0];
  defineMethod(resolver, byId,
    (context: Context, info: GraphQLResolveInfo, id: string) => loaderNamed(context, byId).including(lookAhead(info)).load(id),
    Query(type, { nullable: true, description: `A ${spoken(entity.label)} by id${example ? `, e.g. \`${example}\`` : ''}.` }),
    [Ctx(), Info(), Arg('id', () => ID)]);
  if (entity.listed) {
    const every = `every${entity.label}`;
    defineMethod(resolver, plural(byId),
      (context: Context, info: GraphQLResolveInfo) => loaderNamed(context, every).including(lookAhead(info)).loadNow(EVERY_NODE),
      Query(() => [type()], { description: `Every ${spoken(entity.label)}, by ${entity.fields.name ? 'name' : 'id'}.` }),
      [Ctx(), Info()]);
  }
  Resolver(type)(resolver);
  return resolver;
}

/** The field of a kind's type reading `relationship`'s target by the id its row keeps. */
function forwardField(resolver: Function, relationship: RelationshipDeclaration): void {
  const loader = byIdLoaderName(relationship.target);
  defineMethod(resolver, relationshipFieldName(relationship),
    (row: Record<string, string | null | undefined>, context: Context, info: GraphQLResolveInfo) => {
      const id = row[relationship.property];
      return id ? loaderNamed(context, loader).including(readAheadById(info)).loadNow(id) : null;
    },
    FieldResolver(objectTypeOfLabel(relationship.target), { nullable: relationship.optional === true, description: relationship.readAsDescription }),
    [Row(), Ctx(), Info()]);
}

/** The field of the target's type listing the nodes of `owner` pointing at it. */
function inverseField(resolver: Function, owner: EntityDeclaration, relationship: RelationshipDeclaration & { inverse: string }): void {
  const loader = inverseLoaderName(relationship.target, relationship.inverse);
  const type = objectTypeOfLabel(owner.label);
  defineMethod(resolver, relationship.inverse,
    (row: { id: string }, context: Context, info: GraphQLResolveInfo) => loaderNamed(context, loader).including(lookAhead(info)).loadNow(row.id),
    FieldResolver(() => [type()], { description: relationship.inverseDescription }),
    [Row(), Ctx(), Info()]);
}

/** One resolver class per object type gaining fields, written by hand or not. */
function relationResolvers(): Function[] {
  const byLabel = new Map<string, Function>();
  const resolverOf = (label: string) => {
    if (!byLabel.has(label)) byLabel.set(label, namedClass(`${label}ModelRelations`, Object));
    return byLabel.get(label)!;
  };
  for (const entity of ENTITIES) {
    for (const relationship of entity.relationships) {
      if (hasApi(entity.label) || (hasApi(relationship.target) && relationship.readAs)) forwardField(resolverOf(entity.label), relationship);
      if (relationship.inverse) inverseField(resolverOf(relationship.target), entity, { ...relationship, inverse: relationship.inverse });
    }
  }
  return [...byLabel].map(([label, resolver]) => {
    Resolver(objectTypeOfLabel(label))(resolver);
    return resolver;
  });
}

const TYPES = new Map(WITH_API.map((entity) => [entity.label, objectType(entity)]));

/** Found by resolvers.ts, as every `*.resolver` file's exports are. */
export const MODEL_RESOLVERS: Function[] = [
  ...WITH_API.map((entity) => rootResolver(entity, () => TYPES.get(entity.label)!)),
  ...relationResolvers(),
];
