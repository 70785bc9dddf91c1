import type { LoaderEnv } from './batched-loader';

/**
 * Makers of one request's loaders, by name. A maker may use another loader of the same request
 * through `loaders` (the set it belongs to); the set's own type cannot be named here, so each maker
 * declares the part it reads.
 */
export type LoaderFactories = Readonly<Record<string, (env: LoaderEnv, loaders: never) => unknown>>;

/** The loaders `factories` make, plus the request's `env`. */
export type LoaderSet<F extends LoaderFactories> = { readonly env: LoaderEnv } & { readonly [K in keyof F]: ReturnType<F[K]> };

/**
 * A constructor of loader sets in which each loader is made on its first use. A request uses a few
 * of the forty-odd loaders; made up front, they were 115 KB of garbage per request, a quarter of all
 * the API allocated for one player's career (sampled with V8's heap profiler), and with twenty
 * requests in flight the young generation's scavenges copied and promoted them: 0.9 ms of Node
 * CPU per request against 1.05 ms, measured side by side. The getters sit on a prototype built
 * once, so a set costs one object and an array of empty slots.
 */
export function loaderSet<F extends LoaderFactories>(factories: F): (env: LoaderEnv) => LoaderSet<F> {
  const names = Object.keys(factories);
  class RequestLoaders {
    /** The loaders made so far, in the order of `names`. */
    readonly made: unknown[] = new Array(names.length);
    constructor(readonly env: LoaderEnv) {}
  }
  names.forEach((name, index) => {
    if (name in RequestLoaders.prototype || name === 'env' || name === 'made') throw new Error(`A loader cannot be named "${name}"`);
    const make = factories[name]!;
    Object.defineProperty(RequestLoaders.prototype, name, {
      get(this: RequestLoaders) {
        return (this.made[index] ??= make(this.env, this as never));
      },
    });
  });
  return (env) => new RequestLoaders(env) as unknown as LoaderSet<F>;
}
