// The driver's chunker has no published types; this is what tests/graph/bolt-chunking.unit.test.ts uses of it.
declare module 'neo4j-driver-bolt-connection/lib/channel/channel-buf' {
  export interface ChannelBuffer {
    length: number;
    getUInt16(position: number): number;
  }
  export function alloc(size: number): ChannelBuffer;
}

declare module 'neo4j-driver-bolt-connection/lib/channel/chunking' {
  import type { ChannelBuffer } from 'neo4j-driver-bolt-connection/lib/channel/channel-buf';
  export class Chunker {
    constructor(channel: { write(buffer: ChannelBuffer): void });
    putBytes(position: number, data: ChannelBuffer): this;
    messageBoundary(): void;
    flush(): this;
  }
}
