import type { GraphReader } from './batched-loader';
import { createMatchLoaders } from './match.loaders';
import { createNodeLoaders } from './node.loaders';
import { createPageLoaders } from './page.loaders';
import { createPersonLoaders } from './person.loaders';
import { createProvenanceLoaders } from './provenance.loaders';

/**
 * The loader set of one GraphQL request. Never share it between requests: its caches would serve
 * one request's reads to another and outlive writes.
 */
export function createLoaders(graph: GraphReader) {
  return {
    ...createNodeLoaders(graph),
    ...createMatchLoaders(graph),
    ...createPersonLoaders(graph),
    ...createProvenanceLoaders(graph),
    ...createPageLoaders(graph),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
