import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';

/**
 * Apollo's cache of parsed and validated documents (least recently used evicted first), sized by
 * the length of each document's query text instead of Apollo's default, which `JSON.stringify`s
 * every new document in the request's turn of the event loop: for a 33,000-character query that
 * took longer than parsing it (40 ms against 29 ms on the 2-CPU test machine), on every query the
 * cache had not seen, which is every request of the chaos fuzz. The text's length is known for free
 * and grows with the document (its JSON is some 23 bytes per character of text).
 */
export function queryDocumentStore(maxChars: number): InMemoryLRUCache<DocumentNode> {
  // lru-cache wants a positive size; a document always has a location unless built by hand.
  return new InMemoryLRUCache<DocumentNode>({ maxSize: maxChars, sizeCalculation: (document) => Math.max(1, document.loc?.end ?? 1) });
}
