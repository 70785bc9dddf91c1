import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import { BadUserInputError } from './errors';

/**
 * The most characters any string argument may have: a name, an id, search text, a filter or a cursor
 * (the longest cursor, a match's date and id, is about 150). Every word of a name or of search text
 * becomes a full-text term, so the length also bounds what Neo4j is asked to match.
 */
export const MAX_STRING_LENGTH = 200;
/** The most whitespace-separated words in a string argument: far more than any name has. */
export const MAX_WORDS = 12;
/** The most items in a list argument (there are not 50 World Cups yet), and at least one. */
export const MAX_LIST_LENGTH = 50;

/**
 * Refuses oversized strings and lists anywhere in `args`, input objects and lists included. Errors
 * name the argument as the client wrote it (`filter.teams`, for an item of that list too).
 */
export function checkArgumentBounds(args: Record<string, unknown>, prefix = ''): void {
  for (const [name, value] of Object.entries(args)) checkValue(`${prefix}${name}`, value);
}

function checkValue(argumentName: string, value: unknown): void {
  if (typeof value === 'string') {
    checkString(argumentName, value);
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      throw new BadUserInputError(argumentName, 'must not be an empty list; omit it to leave that condition out.', { minimum: 1 });
    }
    if (value.length > MAX_LIST_LENGTH) {
      throw new BadUserInputError(argumentName, `must have at most ${MAX_LIST_LENGTH} items, but has ${value.length}.`, {
        maximum: MAX_LIST_LENGTH,
      });
    }
    for (const item of value) checkValue(argumentName, item);
  } else if (value !== null && typeof value === 'object') {
    checkArgumentBounds(value as Record<string, unknown>, `${argumentName}.`);
  }
}

function checkString(argumentName: string, value: string): void {
  if (value.length > MAX_STRING_LENGTH) {
    throw new BadUserInputError(argumentName, `must be at most ${MAX_STRING_LENGTH} characters, but has ${value.length}.`, {
      maximum: MAX_STRING_LENGTH,
    });
  }
  const words = value.split(/\s+/).filter((word) => word.length > 0).length;
  if (words > MAX_WORDS) {
    throw new BadUserInputError(argumentName, `must be at most ${MAX_WORDS} words, but has ${words}.`, { maximum: MAX_WORDS });
  }
}

/**
 * Puts `checkArgumentBounds` in front of the resolver of every field that takes arguments, root and
 * nested, so that no resolver (and no Cypher) sees an unbounded string or list. Fields without
 * arguments are left as they are: wrapping every field would cost a call per value of a response.
 */
export function boundArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        checkArgumentBounds(args);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
