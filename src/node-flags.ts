/**
 * The flags `node dist/main.js` runs with, wherever the API runs: `npm start` (package.json), the
 * Dockerfile's CMD, and the processes the tests and the bench spawn. Neither package.json nor the
 * Dockerfile can import this list, so tests/node-flags.unit.test.ts checks that they carry it.
 *
 * `--max-semi-space-size=32`: V8's young generation, where a request's short-lived objects live,
 * is 16 MB per semi-space by default, and every request allocates (parsed bodies, documents,
 * errors, rows, response text). Under the chaos fuzz (3,000 requests, same seed, the 2-CPU machine
 * at load average 5-8 from other work, GC pauses from perf_hooks) the API ran 88
 * scavenges totalling 1.9 s, the longest 250 ms; with 32 MB, 43 totalling 0.75 s, the longest 51 ms,
 * for about 30 MB more peak RSS. (64 MB saved little more GC time, with longer single pauses and
 * 90 MB more RSS.)
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
