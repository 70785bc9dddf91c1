import type { DocumentStore } from '@apollo/server';
import type { DocumentNode } from 'graphql';

/**
 * Apollo's cache of parsed and validated documents, by query hash, least recently used evicted
 * first, sized by the length of each document's query text.
 *
 * Apollo's default store sizes every new document by `JSON.stringify`-ing it, in the request's
 * turn of the event loop: for a 33,000-character query that took longer than parsing it (40 ms
 * against 29 ms on the 2-CPU test machine), on every query the cache had not seen, which is every
 * request of the chaos fuzz. The text's length is known for free and grows with the document (its
 * JSON is some 23 bytes per character of text).
 */
export class QueryDocumentStore implements DocumentStore {
  /** A Map keeps insertion order; a hit re-inserts, so the first key is the least recently used. */
  private readonly documents = new Map<string, { document: DocumentNode; chars: number }>();
  private chars = 0;

  /** `maxChars`: the query text the kept documents may add up to. */
  constructor(private readonly maxChars: number) {}

  async get(key: string): Promise<DocumentNode | undefined> {
    const entry = this.documents.get(key);
    if (entry) {
      this.documents.delete(key);
      this.documents.set(key, entry);
    }
    return entry?.document;
  }

  async set(key: string, document: DocumentNode): Promise<void> {
    this.remove(key);
    const chars = document.loc?.end ?? 0;
    if (chars > this.maxChars) return;
    this.documents.set(key, { document, chars });
    this.chars += chars;
    for (const oldest of this.documents.keys()) {
      if (this.chars <= this.maxChars) break;
      this.remove(oldest);
    }
  }

  async delete(key: string): Promise<boolean> {
    return this.remove(key);
  }

  private remove(key: string): boolean {
    const entry = this.documents.get(key);
    if (!entry) return false;
    this.documents.delete(key);
    this.chars -= entry.chars;
    return true;
  }
}
