import neo4j, { type Driver, type ManagedTransaction, type Session } from 'neo4j-driver';
import { cypherQueries } from '../../metrics';
import { Neo4jHealth, type Neo4jHealthOptions, Neo4jUnreachableError } from './neo4j-health';
import { cancelledBy, QueryCancelledError, startQueryDeadline, type QueryDeadline } from './query-deadline';
import { toCypherParams, toPlain } from './to-plain';

export type AccessMode = 'read' | 'write';
export type Params = Record<string, unknown>;

/** What a query listener sees; tests record these to assert exact batches. */
export interface QueryEvent {
  mode: AccessMode;
  cypher: string;
  params: Params;
}
export type QueryListener = (event: QueryEvent) => void;

export interface GraphClientOptions {
  /** `bolt://`, `neo4j://` (cluster routing) or their `+s`/`+ssc` TLS forms. */
  uri: string;
  user: string;
  password: string;
  /** Default `neo4j`. */
  database?: string;
  /** Called once per Cypher statement sent. */
  onQuery?: QueryListener;
  /** When reads under a deadline probe Neo4j, and how long the probe may take. */
  health?: Partial<Neo4jHealthOptions>;
}

/** A transaction of `writeTransaction`: every statement commits together or not at all. */
export interface GraphTransaction {
  run<T = Record<string, unknown>>(cypher: string, params?: Params): Promise<T[]>;
}

/** What a derived client (`observe`, `within`) shares with the client it came from. */
interface Shared {
  driver: Driver;
  listeners: QueryListener[];
  deadline?: QueryDeadline;
  health: Neo4jHealth;
}

/**
 * The only door to Neo4j. Rows come back as plain objects: Integers as numbers, temporal values as
 * ISO strings, nodes and relationships as their properties, converted here and nowhere else.
 */
export class GraphClient {
  readonly database: string;
  private readonly driver: Driver;
  private readonly listeners: QueryListener[];
  private readonly deadline?: QueryDeadline;
  private readonly health: Neo4jHealth;

  /** `shared` is for `observe` and `within` only: a derived client reuses the driver. */
  constructor(
    private readonly options: GraphClientOptions,
    shared?: Shared,
  ) {
    this.database = options.database ?? 'neo4j';
    this.driver =
      shared?.driver ??
      neo4j.driver(options.uri, neo4j.auth.basic(options.user, options.password), {
        // Ids and counts in this graph stay far below 2^53.
        disableLosslessIntegers: true,
        // Bounds a connect to a host that drops packets; a refused connect fails at once anyway.
        connectionTimeout: 2_000,
        // The default (60 s) would let start-up work queue that long behind a pool held by a paused Neo4j.
        connectionAcquisitionTimeout: 10_000,
        // Retries of reads and writes without a deadline (start-up, imports). executeRead retries
        // for 30 s by default; reads under a deadline do not retry at all (see `readWithin`).
        maxTransactionRetryTime: 5_000,
        userAgent: 'sports-kg',
      });
    this.listeners = [...(shared?.listeners ?? []), ...(options.onQuery ? [options.onQuery] : [])];
    this.deadline = shared?.deadline;
    this.health = shared?.health ?? new Neo4jHealth(() => this.probe(), options.health);
  }

  /**
   * A client on the same driver that also reports every query to `listener`, e.g. to count the
   * Cypher statements of one GraphQL request. Closing either closes the shared driver.
   */
  observe(listener: QueryListener): GraphClient {
    const shared = { driver: this.driver, listeners: this.listeners, deadline: this.deadline, health: this.health };
    return new GraphClient({ ...this.options, onQuery: listener }, shared);
  }

  /**
   * A client on the same driver whose reads obey `deadline`: one API request's client. Writes are
   * not bounded: only start-up work and imports write, outside any request.
   */
  within(deadline: QueryDeadline): GraphClient {
    const shared = { driver: this.driver, listeners: this.listeners, deadline, health: this.health };
    return new GraphClient({ ...this.options, onQuery: undefined }, shared);
  }

  /**
   * Runs one read statement, routed to a reader in a cluster. Without a deadline it is retried on
   * transient errors; under one, see `readWithin`.
   */
  read<T = Record<string, unknown>>(cypher: string, params: Params = {}): Promise<T[]> {
    const { deadline } = this;
    if (deadline) return this.health.guard(() => this.readWithin<T>(deadline, cypher, params), { index: fullTextIndexOf(cypher) });
    return this.withSession('read', (session) => session.executeRead((tx) => this.run<T>(tx, 'read', cypher, params)));
  }

  /** Runs one write statement in its own transaction; retried on transient errors. */
  write<T = Record<string, unknown>>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.withSession('write', (session) => session.executeWrite((tx) => this.run<T>(tx, 'write', cypher, params)));
  }

  /**
   * Runs several write statements atomically. `work` may be called again after a transient
   * failure, so it must not have side effects outside the transaction.
   */
  writeTransaction<R>(work: (tx: GraphTransaction) => Promise<R>): Promise<R> {
    return this.withSession('write', (session) =>
      session.executeWrite((tx) => work({ run: (cypher, params = {}) => this.run(tx, 'write', cypher, params) })),
    );
  }

  /** Calls `listener` each time Neo4j answers again after this client found it unreachable (killed, restarted). */
  onNeo4jRestarted(listener: () => unknown): void {
    this.health.onRestarted(listener);
  }

  /**
   * A real read made as a request makes it (the same routing and timeout, a deadline of
   * `timeoutMs`): resolves with the full-text indexes that are not ONLINE, and fails while Neo4j
   * cannot serve reads, including while the health guard refuses them (an outage, or the warm-up
   * of a restarted Neo4j). What readiness means. Not through the guard itself: a failure there
   * starts the probe's retries, and against a Neo4j still setting its password each is a failed
   * login, which soon locks the user out for everyone.
   */
  /** Neo4j came back from a restart and is still being warmed (reads may be served already). */
  get isSettling(): boolean {
    return this.health.isSettling;
  }

  async checkReads(timeoutMs: number): Promise<string[]> {
    if (this.health.isDown) throw new Neo4jUnreachableError();
    const done = new AbortController();
    try {
      const rows = await this.readWithin<{ name: string }>(startQueryDeadline(timeoutMs, undefined, done.signal), OFFLINE_FULLTEXT_INDEXES, {});
      return rows.map((row) => row.name);
    } finally {
      done.abort();
    }
  }

  /** Fails unless the server answers and accepts the credentials for this client's database. */
  async verifyConnectivity(): Promise<void> {
    await this.driver.verifyConnectivity({ database: this.database });
  }

  async close(): Promise<void> {
    this.health.stop();
    await this.driver.close();
  }

  /**
   * The health probe: a statement that any Neo4j able to serve reads answers at once, naming the
   * full-text indexes that are not ONLINE. Not counted as a query.
   */
  private async probe(): Promise<string[]> {
    const session = this.openSession('read');
    try {
      const result = await session.run(OFFLINE_FULLTEXT_INDEXES);
      return result.records.map((record) => record.get('name') as string);
    } finally {
      // A hung Neo4j never answers the close either.
      session.close().catch(() => undefined);
    }
  }

  private async withSession<R>(mode: AccessMode, work: (session: Session) => Promise<R>): Promise<R> {
    const session = this.openSession(mode);
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }

  private openSession(mode: AccessMode): Session {
    // Naming the database saves the home-database lookup, an extra round trip in a cluster.
    return this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'read' ? neo4j.session.READ : neo4j.session.WRITE,
    });
  }

  /**
   * One auto-commit transaction with the time left as its Neo4j timeout, and no retry: the driver
   * waits 1 s, then 2 s... between retries, longer than a request may wait, so a Neo4j that cannot
   * be reached is reported at once (DATABASE_UNAVAILABLE, with Retry-After) instead. When the
   * deadline fires first (a paused Neo4j answers nothing), closing the session sends a Bolt RESET,
   * which makes Neo4j terminate the query right away; the server-side timeout is the fallback if
   * the RESET is lost.
   */
  private async readWithin<T>(deadline: QueryDeadline, cypher: string, params: Params): Promise<T[]> {
    const { signal } = deadline;
    const timeout = Math.ceil(deadline.at - Date.now());
    if (signal.aborted || timeout <= 0) throw cancelledBy(signal);
    const session = this.openSession('read');
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(cancelledBy(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([
        this.run<T>({ run: (query, parameters) => session.run(query, parameters, { timeout }) }, 'read', cypher, params),
        aborted,
      ]);
    } catch (error) {
      throw isTransactionTimeout(error) ? new QueryCancelledError('timeout') : error;
    } finally {
      signal.removeEventListener('abort', onAbort);
      // A paused Neo4j never answers the RESET: do not make the request wait for it.
      if (signal.aborted) session.close().catch(() => undefined);
      else await session.close();
    }
  }

  private async run<T>(tx: Pick<ManagedTransaction, 'run'>, mode: AccessMode, cypher: string, params: Params): Promise<T[]> {
    cypherQueries.inc({ mode });
    for (const listener of this.listeners) listener({ mode, cypher, params });
    const result = await withoutStackTrace(() => tx.run(cypher, toCypherParams(params) as Params));
    return result.records.map((record) => toPlain(record.toObject()) as T);
  }
}

/**
 * Calls `start` with V8's stack traces off. The driver captures and formats a stack trace for every
 * statement it starts (in `Result`'s constructor, synchronously), to put on the error should the
 * statement fail: 5-13% of a request's Node CPU, side by side. That trace would only name this
 * class's callers; a failed read is logged with its GraphQL path and Neo4j's code and message.
 */
function withoutStackTrace<R>(start: () => R): R {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const OFFLINE_FULLTEXT_INDEXES = `SHOW FULLTEXT INDEXES YIELD name, state WHERE state <> 'ONLINE' RETURN name`;

const FULL_TEXT_QUERY = /db\.index\.fulltext\.query(?:Nodes|Relationships)\(\s*'([^']+)'/;

/** The full-text index a statement queries, if any: such a read cannot run while the index rebuilds. */
export function fullTextIndexOf(cypher: string): string | undefined {
  return FULL_TEXT_QUERY.exec(cypher)?.[1];
}

/** Neo4j ended the transaction because its timeout passed (codes `Neo.ClientError.Transaction.TransactionTimedOut*`). */
function isTransactionTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut');
}
