/** The part of autocannon 8 the load test uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      requests?: Array<{
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
        /** Called with every response to this request. */
        onResponse?: (status: number, body: string) => void;
      }>;
      /** Responses for which it returns false count as `mismatches`. */
      verifyBody?: (body: string) => boolean;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      duration: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
