import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free loopback port and returns the base URL, e.g. `http://127.0.0.1:41234`. */
export async function listenOnFreePort(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/**
 * Polls `url` until it answers `wanted`, returning the last status seen; 0 while nothing listens yet.
 * `stillWorthIt` ends the wait early (the server under test has exited).
 */
export async function pollStatus(url: string, wanted: number, timeoutMs: number, stillWorthIt = () => true): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline && stillWorthIt()) {
    status = await fetch(url).then((response) => response.status, () => 0);
    if (status === wanted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}
