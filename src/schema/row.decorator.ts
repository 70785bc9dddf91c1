import { createParameterDecorator } from 'type-graphql';

/**
 * A field resolver's parent row, as its loader returned it. type-graphql's `@Root()` hands every
 * call a new instance of the object type's class with the row copied into it (`convertToType`):
 * on the page of 40 matches with line-ups, 4% of the API's CPU went to those copies, and more to
 * collecting them. Resolvers only read the row's fields, so the row itself will do.
 */
export const Row = () => createParameterDecorator(({ root }) => root);
