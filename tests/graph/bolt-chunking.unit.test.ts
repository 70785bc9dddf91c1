import { describe, expect, it } from 'vitest';
// The driver's own chunker, as patches/neo4j-driver-bolt-connection+6.3.0.patch leaves it.
import { alloc, type ChannelBuffer } from 'neo4j-driver-bolt-connection/lib/channel/channel-buf';
import { Chunker } from 'neo4j-driver-bolt-connection/lib/channel/chunking';

/** The socket writes of one message of `bytes` bytes, and the chunks they carry. */
function writesOf(bytes: number): { writes: number; chunks: number[] } {
  let writes = 0;
  const chunks: number[] = [];
  const channel = {
    write(buffer: ChannelBuffer) {
      writes++;
      for (let at = 0; at < buffer.length; ) {
        const size = buffer.getUInt16(at);
        chunks.push(size);
        at += 2 + size;
      }
    },
  };
  const chunker = new Chunker(channel);
  chunker.putBytes(0, alloc(bytes));
  chunker.messageBoundary();
  chunker.flush();
  return { writes, chunks };
}

describe('Bolt chunking', () => {
  it("sends a look-ahead statement's 5-6 KB in one socket write, not one per 1,400 bytes", () => {
    // Each write was a system call of its own: 4-5 per statement, a fifth of a request's Node CPU.
    expect(writesOf(6_000).writes).toBe(1);
    expect(writesOf(6_000).chunks).toEqual([6_000, 0]);
  });

  it('still splits what exceeds its buffer into chunks Bolt accepts (at most 65,535 bytes each)', () => {
    const { writes, chunks } = writesOf(100_000);
    expect(writes).toBeGreaterThan(1);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(65_535);
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(100_000);
  });
});
