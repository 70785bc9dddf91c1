import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestLogLevel } from '../../src/server/http';
import { isWarmUpRequest, WARM_UP_HEADER } from '../../src/server/rate-limit';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as IncomingMessage;

describe('requestLogLevel', () => {
  it('logs API requests at info, probes and scrapes at debug', () => {
    expect(requestLogLevel(request('/graphql'))).toBe('info');
    expect(requestLogLevel(request('/health/ready'))).toBe('debug');
    expect(requestLogLevel(request('/metrics'))).toBe('debug');
  });

  it("logs the start-up warm-up's own requests at debug, and a client sending a wrong token at info", () => {
    const quiet = (req: IncomingMessage) => isWarmUpRequest(req, 'the-process-token');
    expect(requestLogLevel(request('/graphql', { [WARM_UP_HEADER]: 'the-process-token' }), quiet)).toBe('debug');
    expect(requestLogLevel(request('/graphql', { [WARM_UP_HEADER]: 'a-guess' }), quiet)).toBe('info');
    expect(requestLogLevel(request('/graphql'), quiet)).toBe('info');
  });
});
