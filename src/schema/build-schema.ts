import 'reflect-metadata';
import path from 'node:path';
import { isAbstractType, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { boundArguments } from './argument-bounds';
import { LABEL_TYPED, typeNameOf } from './label-types';
import { PublicFigure } from './people/public-figure.type';
import { discoverResolvers } from './resolvers';

/** The committed SDL: public API, reviewed in diffs. src/schema and dist/schema both sit two levels down. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../schema/schema.graphql');

/**
 * The executable schema from the resolver classes. With `emitTo`, also writes its SDL there (sorted,
 * so the file changes only when the API does). Every field's arguments are bounded (argument-bounds).
 */
export async function buildGraphQLSchema(options: { emitTo?: string } = {}): Promise<GraphQLSchema> {
  // First: importing the resolvers declares the object types that readPlainFieldsAsProperties sets up.
  const resolvers = await discoverResolvers();
  readPlainFieldsAsProperties();
  const schema = await buildSchema({
    resolvers: resolvers as [Function, ...Function[]],
    // No field returns a PublicFigure by its own type: it is reached through `Person` and `Entity` only.
    orphanedTypes: [PublicFigure],
    emitSchemaFile: options.emitTo ? { path: options.emitTo, sortedSchema: true } : false,
    // Arguments are checked by the resolvers, which name the argument in BAD_USER_INPUT errors.
    validate: false,
  });
  return typedByLabels(boundArguments(schema));
}

/**
 * A field without a resolver method is read as its row's property by the default resolver. Left to
 * itself, type-graphql wraps every such field in a function of its own, there to run middlewares
 * and auth checks (this API has neither), and graphql-jit (src/server/compiled-execution.ts) then
 * calls it with a resolve info and a path built for each value. Read as properties, side by side:
 * the 40-match page 7.2-7.6 ms of Node CPU per request instead of 7.8-8.2, the line-ups 3.5 instead
 * of 3.9. On such a type, type-graphql would skip a field's middleware and the default resolver
 * would read a renamed field by its schema name: either is refused here.
 */
function readPlainFieldsAsProperties(): void {
  const storage = getMetadataStorage();
  for (const field of storage.fields) {
    if (field.middlewares?.length || field.roles?.length || field.schemaName !== field.name) {
      throw new Error(`${field.target.name}.${field.name}: middlewares, roles and a schema name of its own need type-graphql's resolver (readPlainFieldsAsProperties)`);
    }
  }
  for (const type of storage.objectTypes) type.simpleResolvers ??= true;
}

/**
 * Every interface of the API (`Node`, `Entity`, `Person`) types its rows by their labels
 * (`typeNameOf`). type-graphql wraps a `resolveType` in an async function, and graphql-jit
 * (src/server/compiled-execution.ts) takes the promise for a type it cannot find; the function
 * itself, synchronous, serves graphql-js and graphql-jit alike.
 */
function typedByLabels(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isAbstractType(type)) continue;
    const unnamed = schema.getPossibleTypes(type).filter((possible) => !LABEL_TYPED.has(possible.name));
    if (unnamed.length > 0) {
      throw new Error(`${type.name} has types no label names (${unnamed.join(', ')}): resolve them in typedByLabels, synchronously`);
    }
    type.resolveType = typeNameOf;
  }
  return schema;
}

// `npm run schema:emit`: run from the compiled output, because tsx (esbuild) drops the decorator
// metadata type-graphql reads.
if (require.main === module) {
  buildGraphQLSchema({ emitTo: SCHEMA_FILE }).then(
    () => console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
