import { spawn } from 'node:child_process';
import { freePort } from '../../src/neo4j/ports';

export interface TestRedis {
  /** e.g. `redis://127.0.0.1:41234` */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's redis-server on a free loopback port, nothing persisted, for the test that starts it;
 * resolves once it accepts connections. Stop it in `afterAll`.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) during start-up:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
