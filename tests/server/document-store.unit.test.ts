import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryDocumentStore } from '../../src/server/document-store';

/** A document whose query text is `chars` characters long. */
const documentOf = (chars: number) => parse(`{ ${'a'.repeat(chars - 4)} }`);

describe('queryDocumentStore', () => {
  it('keeps documents up to the total length of their query texts, the least recently used leaving first', async () => {
    const store = queryDocumentStore(100);
    const [a, b, c] = [documentOf(40), documentOf(40), documentOf(40)];
    await store.set('a', a);
    await store.set('b', b);
    expect(await store.get('a')).toBe(a);
    await store.set('c', c);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe(a);
    expect(await store.get('c')).toBe(c);
  });

  it('sizes a document by its text, never by serialising it, and keeps none larger than the whole store', async () => {
    const store = queryDocumentStore(100);
    const unserialisable = documentOf(60);
    // A cycle: JSON.stringify, as Apollo's default store sizes documents, would throw.
    (unserialisable as unknown as { self: unknown }).self = unserialisable;
    await store.set('cyclic', unserialisable);
    expect(await store.get('cyclic')).toBe(unserialisable);
    await store.set('huge', documentOf(101));
    expect(await store.get('huge')).toBeUndefined();
    expect(await store.get('cyclic')).toBe(unserialisable);
  });
});
