import { describe, expect, it } from 'vitest';
// The driver's own chunker, as patches/neo4j-driver-bolt-connection+6.3.0.patch leaves it.
import ChannelBufferOf, { alloc, type ChannelBuffer } from 'neo4j-driver-bolt-connection/lib/channel/channel-buf';
import { Chunker, Dechunker } from 'neo4j-driver-bolt-connection/lib/channel/chunking';
import utf8 from 'neo4j-driver-bolt-connection/lib/channel/utf8';

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

/** `payload` as Bolt sends it in chunks of `sizes` bytes (the rest in a last one), then the message boundary. */
function chunked(payload: Buffer, sizes: number[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const size of [...sizes, payload.length - sizes.reduce((sum, s) => sum + s, 0)]) {
    const header = Buffer.alloc(2);
    header.writeUInt16BE(size);
    parts.push(header, payload.subarray(at, (at += size)));
  }
  return Buffer.concat([...parts, Buffer.alloc(2)]);
}

describe('Bolt dechunking', () => {
  it("hands a message of several chunks on as one buffer, so a string across chunks reads whole", () => {
    const text = 'Fernández from Messi, Martínez from Messi, Gordon from Rogers';
    const payload = Buffer.from(text, 'utf8');
    const messages: ChannelBuffer[] = [];
    const dechunker = new Dechunker();
    dechunker.onmessage = (message) => messages.push(message);
    // The socket's reads split chunks too: the first read ends inside the second chunk (and inside the 'á').
    const wire = chunked(payload, [7, 5, 20]);
    dechunker.write(new ChannelBufferOf(wire.subarray(0, 14)) as unknown as ChannelBuffer);
    dechunker.write(new ChannelBufferOf(wire.subarray(14)) as unknown as ChannelBuffer);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    // One buffer, read byte by byte and string by string as a message of one chunk is (was a CombinedBuffer).
    expect(message).toBeInstanceOf(ChannelBufferOf);
    expect(message!.length).toBe(payload.length);
    expect(utf8.decode(message!, payload.length)).toBe(text);
  });
});
