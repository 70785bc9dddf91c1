import net from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Fails with a message naming the port and what it was meant for, instead of a Neo4j stack trace. */
export function assertPortFree(port: number, purpose: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${purpose}) is already in use on 127.0.0.1. Stop what uses it or choose another port.`)
          : error,
      );
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
