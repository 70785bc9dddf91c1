// The driver's chunker has no published types; this is what tests/graph/bolt-chunking.unit.test.ts uses of it.
declare module 'neo4j-driver-bolt-connection/lib/channel/channel-buf' {
  export interface ChannelBuffer {
    length: number;
    position: number;
    getUInt16(position: number): number;
  }
  export function alloc(size: number): ChannelBuffer;
  export default class ChannelBufferOf {
    constructor(buffer: Buffer);
  }
}

declare module 'neo4j-driver-bolt-connection/lib/channel/chunking' {
  import type { ChannelBuffer } from 'neo4j-driver-bolt-connection/lib/channel/channel-buf';
  export class Chunker {
    constructor(channel: { write(buffer: ChannelBuffer): void });
    putBytes(position: number, data: ChannelBuffer): this;
    messageBoundary(): void;
    flush(): this;
  }
  export class Dechunker {
    onmessage: (message: ChannelBuffer) => void;
    write(buffer: ChannelBuffer): void;
  }
}

declare module 'neo4j-driver-bolt-connection/lib/channel/utf8' {
  import type { ChannelBuffer } from 'neo4j-driver-bolt-connection/lib/channel/channel-buf';
  const utf8: { decode(buffer: ChannelBuffer, length: number): string };
  export default utf8;
}
