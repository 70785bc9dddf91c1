import pino from 'pino';

/**
 * The process-wide structured logger (JSON lines on stdout). Starts at `info` because the level in
 * LOG_LEVEL is only trusted once src/config.ts has validated it; src/main.ts then sets
 * `logger.level`. Under vitest it starts at `warn` so test output stays readable.
 */
export const logger = pino({
  name: 'sports-kg',
  level: process.env.VITEST ? 'warn' : 'info',
});

export type Logger = typeof logger;
