import { createHash } from 'node:crypto';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { CYPHER_INJECTIONS, LUCENE_SYNTAX, ODD_STRINGS, PLAUSIBLE_STRINGS, hugeString, manyWords } from './hostile-strings';
import { SeededRandom } from './seeded-random';

/** One HTTP request as the fuzz suite sends it. */
export interface HostileRequest {
  /** Position in the seeded sequence: with the seed, enough to send it again (`KG_CHAOS_REPLAY`). */
  index: number;
  kind: HostileKind;
  method: string;
  /** Path and query string, e.g. `/graphql?query=...`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/**
 * What each kind of request attacks, and how often it comes (relative weights). Every case of
 * the hostile-traffic review has a kind; the string strategies apply to every string argument of the schema.
 */
export const HOSTILE_KINDS = {
  'schema-arguments': 14,
  'cypher-injection': 10,
  'lucene-syntax': 6,
  'huge-strings': 3,
  'many-words': 3,
  'null-variables': 6,
  'wrong-types': 6,
  'huge-lists': 3,
  'deep-nesting': 4,
  'alias-bomb': 2,
  'fragment-bomb': 3,
  'skipped-negative-first': 4,
  'introspection-bomb': 2,
  'token-flood': 2,
  'invalid-json': 5,
  'invalid-utf8': 4,
  'oversize-body': 2,
  'batched-array': 3,
  'get-mutation': 3,
  subscription: 3,
  'persisted-query': 4,
  'http-misuse': 5,
} as const;
export type HostileKind = keyof typeof HOSTILE_KINDS;

type StringStrategy = 'mixed' | 'injection' | 'lucene' | 'huge' | 'many-words';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Apollo refuses GETs without it (CSRF protection); most GETs carry it, so they reach GraphQL. */
const PREFLIGHT = { 'apollo-require-preflight': 'true' };
/** Bodies stay under the server's 1 MiB limit unless they mean to exceed it. */
const BODY_BUDGET = 1_000_000;

/**
 * Generates hostile requests from the schema's introspection: every root field and argument, with
 * values from a seeded PRNG, so `new HostileRequestGenerator(schema, seed)` always yields the same
 * sequence.
 */
export class HostileRequestGenerator {
  private readonly random: SeededRandom;
  private readonly rootFields: Array<GraphQLField<unknown, unknown>>;
  private index = 0;
  /** Bytes the strings of the request being built may still take, so it stays under the body limit. */
  private stringBudget = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    seed: number,
  ) {
    this.random = new SeededRandom(seed);
    const query = schema.getQueryType();
    if (!query) throw new Error('The schema has no Query type');
    this.rootFields = [...Object.values(query.getFields()), ...Object.values(schema.getMutationType()?.getFields() ?? {})];
  }

  /** Every root field with its arguments, e.g. `team(gender, id, name)`: what the suite covers. */
  get coverage(): string[] {
    return this.rootFields.map((field) => `${field.name}(${field.args.map((arg) => arg.name).join(', ')})`);
  }

  next(): HostileRequest {
    const index = this.index++;
    const kind = this.random.weighted(HOSTILE_KINDS);
    this.stringBudget = BODY_BUDGET * 0.9;
    return { index, kind, ...this.build(kind, index) };
  }

  private build(kind: HostileKind, index: number): Omit<HostileRequest, 'index' | 'kind'> {
    // Root fields in turn rather than at random, so even a short run covers each of them often.
    const field = this.rootFields[index % this.rootFields.length]!;
    switch (kind) {
      case 'schema-arguments':
        return this.fieldRequest(field, 'mixed');
      case 'cypher-injection':
        return this.fieldRequest(field, 'injection');
      case 'lucene-syntax':
        return this.fieldRequest(field, 'lucene');
      case 'huge-strings':
        return this.fieldRequest(field, 'huge');
      case 'many-words':
        return this.fieldRequest(field, 'many-words');
      case 'null-variables':
        return this.nullVariables(field);
      case 'wrong-types':
        return this.wrongTypes(field);
      case 'huge-lists':
        return this.hugeLists(field);
      case 'deep-nesting':
        return post({ query: `{ ${this.deepSelection(field, this.random.int(12, 300))} }` });
      case 'alias-bomb':
        return this.aliasBomb();
      case 'fragment-bomb':
        return post({ query: this.fragmentBomb() });
      case 'skipped-negative-first':
        return this.skippedNegativeFirst();
      case 'introspection-bomb':
        return post({ query: this.introspectionBomb() });
      case 'token-flood':
        return post({ query: this.tokenFlood() });
      case 'invalid-json':
        return this.invalidJson();
      case 'invalid-utf8':
        return this.invalidUtf8();
      case 'oversize-body':
        return this.oversizeBody();
      case 'batched-array':
        return this.batchedArray();
      case 'get-mutation':
        return this.getMutation();
      case 'subscription':
        return this.subscription(field);
      case 'persisted-query':
        return this.persistedQuery();
      case 'http-misuse':
        return this.httpMisuse();
    }
  }

  // --- GraphQL operations built from the schema -------------------------------------------------

  /** One root field with every argument given a value of the strategy, inline or as variables. */
  private fieldRequest(field: GraphQLField<unknown, unknown>, strategy: StringStrategy) {
    const args = field.args.filter((arg) => isNonNullType(arg.type) || this.random.chance(0.7));
    const values = args.map((arg) => this.inputValue(arg.type, strategy, 0));
    const selection = this.selection(field.type, this.random.int(0, 3));
    if (this.random.chance(0.5)) {
      const inline = args.map((arg, i) => `${arg.name}: ${literal(values[i], arg.type)}`);
      return this.send(`{ ${field.name}${parens(inline)} ${selection} }`, undefined);
    }
    const declarations = args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
    const uses = args.map((arg) => `${arg.name}: $${arg.name}`);
    const variables = Object.fromEntries(args.map((arg, i) => [arg.name, values[i]]));
    return this.send(`query Fuzz${parens(declarations)} { ${field.name}${parens(uses)} ${selection} }`, variables);
  }

  /**
   * Every argument through a variable set to null. The variables are declared nullable, which
   * graphql-js allows where the argument has a default (`maxHops: Int! = 4`): the resolver then
   * receives an explicit null.
   */
  private nullVariables(field: GraphQLField<unknown, unknown>) {
    const args = field.args;
    const declarations = args.map((arg) => `$${arg.name}: ${String(this.random.chance(0.8) ? getNullableType(arg.type) : arg.type)}`);
    const uses = args.map((arg) => `${arg.name}: $${arg.name}`);
    const variables: Record<string, unknown> = Object.fromEntries(args.map((arg) => [arg.name, null]));
    // Inside an input object too: `filter: { team: null }`.
    for (const arg of args) {
      const type = getNullableType(arg.type);
      if (isInputObjectType(type)) variables[arg.name] = Object.fromEntries(Object.keys(type.getFields()).map((name) => [name, null]));
    }
    return this.send(`query Nulls${parens(declarations)} { ${field.name}${parens(uses)} ${this.selection(field.type, 1)} }`, variables);
  }

  /** Variables of the wrong JSON type for each argument's declared type. */
  private wrongTypes(field: GraphQLField<unknown, unknown>) {
    if (field.args.length === 0) return this.send(`{ ${field.name}(nonexistent: 1) ${this.selection(field.type, 1)} }`, undefined);
    const wrong = [1.5, 2 ** 31, -(2 ** 31) - 1, 1e308, 'NaN', true, {}, [], [[1]], { $gt: '' }, '', 'not-a-number', 9007199254740993];
    const declarations = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
    const uses = field.args.map((arg) => `${arg.name}: $${arg.name}`);
    const variables = Object.fromEntries(field.args.map((arg) => [arg.name, this.random.pick(wrong)]));
    if (this.random.chance(0.3)) {
      // Inline literals of the wrong kind fail validation instead of variable coercion.
      const inline = field.args.map((arg) => `${arg.name}: ${this.random.pick(['1.5', '"x"', '[1, 2]', '{ a: 1 }', 'ENUM_VALUE', 'true', '-1', '99999999999'])}`);
      return this.send(`{ ${field.name}${parens(inline)} ${this.selection(field.type, 1)} }`, undefined);
    }
    return this.send(`query Wrong${parens(declarations)} { ${field.name}${parens(uses)} ${this.selection(field.type, 1)} }`, variables);
  }

  /** Thousands of items in every list argument (years, teams). */
  private hugeLists(field: GraphQLField<unknown, unknown>) {
    const variables: Record<string, unknown> = {};
    const declarations: string[] = [];
    const uses: string[] = [];
    for (const arg of field.args) {
      declarations.push(`$${arg.name}: ${String(arg.type)}`);
      uses.push(`${arg.name}: $${arg.name}`);
      variables[arg.name] = this.inputValue(arg.type, 'mixed', 0, true);
    }
    return this.send(`query Lists${parens(declarations)} { ${field.name}${parens(uses)} ${this.selection(field.type, 2)} }`, variables);
  }

  /** A value of `type`: mostly hostile, sometimes plausible, sometimes null. */
  private inputValue(type: GraphQLInputType, strategy: StringStrategy, depth: number, hugeLists = false): unknown {
    if (!isNonNullType(type) && this.random.chance(0.1)) return null;
    const inner = getNullableType(type) as GraphQLInputType;
    if (isListType(inner)) {
      const length = hugeLists ? this.random.int(1_000, 20_000) : this.random.pick([0, 1, 2, 5, 50]);
      const items = [];
      for (let i = 0; i < length && this.stringBudget > 1_000; i += 1) {
        items.push(this.inputValue(inner.ofType, hugeLists ? 'mixed' : strategy, depth + 1));
        this.stringBudget -= 8;
      }
      return items;
    }
    if (isInputObjectType(inner)) {
      const entries = Object.values(inner.getFields())
        .filter((field) => isNonNullType(field.type) || this.random.chance(0.6))
        .map((field) => [field.name, this.inputValue(field.type, strategy, depth + 1, hugeLists)]);
      return Object.fromEntries(entries);
    }
    if (isEnumType(inner)) {
      const names = inner.getValues().map((value) => value.name);
      return this.random.chance(0.85) ? this.random.pick(names) : this.random.pick(['men', 'ALL', '', 'MEN; DROP']);
    }
    switch (inner.name) {
      case 'Int':
        return this.random.pick([-1, 0, 1, 2, 4, 6, 7, 50, 100, 101, 1000, -100, 2147483647, -2147483648, 1930, 1986, 2026]);
      case 'Float':
        return this.random.pick([0, -1.5, 1e300, 3.14]);
      case 'Boolean':
        return this.random.chance(0.5);
      default:
        // String, ID and custom scalars all take strings.
        return this.string(strategy);
    }
  }

  private string(strategy: StringStrategy): string {
    let text = this.unbudgetedString(strategy);
    // Written inline, a string is JSON-escaped twice (GraphQL literal, then the JSON body).
    const cost = (value: string) => Buffer.byteLength(JSON.stringify(JSON.stringify(value)));
    while (text.length > 0 && cost(text) > this.stringBudget) text = text.slice(0, Math.floor((text.length * this.stringBudget) / cost(text) * 0.95));
    this.stringBudget -= cost(text);
    return text;
  }

  private unbudgetedString(strategy: StringStrategy): string {
    // Strings picked from fixed lists may overdraw the budget; a negative room is none.
    const room = Math.max(0, Math.floor(this.stringBudget));
    switch (strategy) {
      case 'injection':
        return this.random.pick(CYPHER_INJECTIONS);
      case 'lucene':
        return this.random.pick(LUCENE_SYNTAX);
      case 'huge':
        return hugeString(this.random, room);
      case 'many-words':
        return manyWords(this.random, room);
      case 'mixed': {
        const source = this.random.weighted({ plausible: 4, injection: 2, lucene: 2, odd: 2, long: 1 });
        if (source === 'plausible') return this.random.pick(PLAUSIBLE_STRINGS);
        if (source === 'injection') return this.random.pick(CYPHER_INJECTIONS);
        if (source === 'lucene') return this.random.pick(LUCENE_SYNTAX);
        if (source === 'odd') return this.random.pick(ODD_STRINGS);
        return 'x'.repeat(this.random.int(257, 5_000));
      }
    }
  }

  /**
   * A selection set for `type` up to `depth` object levels: some scalar fields, some object fields
   * (their required arguments plausible), inline fragments on abstract types.
   */
  private selection(type: GraphQLNamedType | Parameters<typeof getNamedType>[0], depth: number): string {
    const named = getNamedType(type)!;
    if (isLeafType(named)) return '';
    if (isUnionType(named) || isInterfaceType(named)) {
      const possible = this.schema.getPossibleTypes(named);
      const chosen = possible.filter(() => this.random.chance(0.3)).slice(0, 3);
      return `{ __typename ${chosen.map((object) => `... on ${object.name} ${this.selection(object, depth - 1)}`).join(' ')} }`;
    }
    if (!isObjectType(named)) return '{ __typename }';
    const parts = ['__typename'];
    for (const field of Object.values(named.getFields())) {
      const leaf = isLeafType(getNamedType(field.type));
      if (!this.random.chance(leaf ? 0.5 : 0.35)) continue;
      if (!leaf && depth <= 0) continue;
      const args = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
      const inline = args.map((arg) => `${arg.name}: ${literal(this.inputValue(arg.type, 'mixed', 0), arg.type)}`);
      parts.push(`${field.name}${parens(inline)} ${leaf ? '' : this.selection(field.type, depth - 1)}`);
    }
    return `{ ${parts.join(' ')} }`;
  }

  /** `depth` levels of object fields below `root`, following the schema wherever it leads. */
  private deepSelection(root: GraphQLField<unknown, unknown>, depth: number): string {
    let open = `${root.name}${this.plausibleArgs(root)}`;
    let close = '';
    let type = getNamedType(root.type)!;
    for (let level = 0; level < depth; level += 1) {
      const objects = isObjectType(type) || isInterfaceType(type)
        ? Object.values(type.getFields()).filter((field) => !isLeafType(getNamedType(field.type)) && !isUnionType(getNamedType(field.type)))
        : [];
      if (objects.length === 0) break;
      const next = this.random.pick(objects);
      open += ` { ${next.name}${this.plausibleArgs(next)}`;
      close += ' }';
      type = getNamedType(next.type)!;
    }
    return `${open} { __typename }${close}`;
  }

  private plausibleArgs(field: GraphQLField<unknown, unknown>): string {
    const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
    return parens(required.map((arg) => `${arg.name}: ${literal(plausibleValue(arg), arg.type)}`));
  }

  /** Thousands of aliases of one root look-up. */
  private aliasBomb() {
    const field = this.random.pick(this.rootFields.filter((root) => root.args.length > 0));
    const one = `${field.name}${this.plausibleArgs(field)} ${this.selection(field.type, 0)}`;
    // An alias as it is sent: its longest label, the space between aliases, and the JSON escaping of the query text.
    const perAlias = JSON.stringify(`a${20_000}: ${one} `).length - 2;
    const count = Math.min(this.random.int(500, 20_000), Math.floor(BODY_BUDGET / perAlias));
    const aliases: string[] = [];
    for (let i = 0; i < count; i += 1) aliases.push(`a${i}: ${one}`);
    return post({ query: `{ ${aliases.join(' ')} }` });
  }

  /** Nested fragment spreads, each level spreading the one below twice (or more), 20-30 deep. */
  private fragmentBomb(): string {
    const variant = this.random.pick(['doubling', 'doubling', 'wide', 'cycle']);
    if (variant === 'cycle') return 'query { ...A } fragment A on Query { ...B sources { title } } fragment B on Query { ...A }';
    if (variant === 'wide') {
      const spreads = Array.from({ length: this.random.int(1_000, 20_000) }, () => '...F').join(' ');
      return `query { ${spreads} } fragment F on Query { sources { title } teams(first: 100) { nodes { name } } }`;
    }
    const levels = this.random.int(20, 30);
    const fragments = ['fragment F0 on Query { teams(first: 100) { nodes { id name } } a: sources { title } }'];
    for (let level = 1; level <= levels; level += 1) {
      const spread = `...F${level - 1}`;
      fragments.push(`fragment F${level} on Query { ${spread} ${spread} x${level % 3}: sources { title } }`);
    }
    return `query { ...F${levels} } ${fragments.join(' ')}`;
  }

  /** Heavy aliases plus one skipped alias with a negative `first`, which once broke the cost estimate. */
  private skippedNegativeFirst() {
    const heavy = Array.from(
      { length: this.random.int(2, 12) },
      (_, i) =>
        `h${i}: matches(first: 100) { nodes { goals { scorer { name appearances { match { id } } } } appearances { player { name } } homeTeam { matches(first: 100) { nodes { id } } } } }`,
    );
    const first = this.random.pick([-1, -5, -100, -2147483648]);
    const skip = this.random.pick(['@skip(if: true)', '@include(if: false)', '@skip(if: $skip)']);
    const skipped = `skipped: matches(first: ${first}) ${skip} { totalCount nodes { id } }`;
    const inFragment = this.random.chance(0.3);
    const body = inFragment ? `...Heavy ${skipped}` : `${heavy.join(' ')} ${skipped}`;
    const fragment = inFragment ? ` fragment Heavy on Query { ${heavy.join(' ')} }` : '';
    const variables = skip.includes('$skip') ? '($skip: Boolean = true)' : '';
    return post({ query: `query Heavy${variables} { ${body} }${fragment}`, variables: variables ? { skip: true } : undefined });
  }

  private introspectionBomb(): string {
    if (this.random.chance(0.5)) {
      let inner = 'name';
      for (let level = 0; level < this.random.int(5, 40); level += 1) inner = `fields { type { ${inner} } }`;
      return `{ __schema { types { ${inner} } } }`;
    }
    const count = this.random.int(50, 2_000);
    return `{ ${Array.from({ length: count }, (_, i) => `s${i}: __schema { types { name fields { name type { name ofType { name } } } } }`).join(' ')} }`;
  }

  /** Far more tokens or nesting than any real query: lexer, parser and recursion limits. */
  private tokenFlood(): string {
    const variant = this.random.pick(['typename', 'brackets', 'objects', 'directives']);
    if (variant === 'typename') return `{ ${'__typename '.repeat(this.random.int(10_000, 80_000))}}`;
    if (variant === 'brackets') {
      const depth = this.random.int(1_000, 100_000);
      return `{ headToHead(teamA: "a", teamB: "b", tournamentYears: ${'['.repeat(depth)}1${']'.repeat(depth)}) { played } }`;
    }
    if (variant === 'objects') {
      const depth = this.random.int(1_000, 50_000);
      return `{ assists(filter: ${'{ team: '.repeat(depth)}"x"${' }'.repeat(depth)}) { count } }`;
    }
    return `{ sources ${'@skip(if: false) '.repeat(this.random.int(100, 20_000))}{ title } }`;
  }

  // --- Broken HTTP and protocol -----------------------------------------------------------------

  private invalidJson() {
    const valid = JSON.stringify({ query: '{ sources { title } }' });
    const broken = this.random.pick([
      valid.slice(0, this.random.int(1, valid.length - 1)),
      '{"query": }',
      "{'query': '{ sources { title } }'}",
      '{"query": "{ sources { title } }",}',
      'NaN',
      '',
      'null',
      '"{ sources { title } }"',
      '123',
      '[]',
      '{}',
      '\ufeff' + valid,
      '{"query": "{ sources { title } }", "variables": "not an object"}',
      '{"query": {"nested": true}}',
      '{"query": 42}',
      '{"query": "{ sources { title } }", "operationName": 7}',
      '{"query": "query A { sources { title } } query B { sources { licence } }"}',
      '{"query": "query A { sources { title } }", "operationName": "Missing"}',
      '{"query": "{ sources { title } }", "query": "{ __typename }"}',
      `{"a":${'['.repeat(this.random.int(1_000, 200_000))}`,
      `{"query": "{ sources { title } }", "variables": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
    ]);
    return { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body: broken };
  }

  private invalidUtf8() {
    const bad = this.random.pick([
      [0xff],
      [0xfe, 0xff],
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0x80],
      [0xc3],
      [0xf0, 0x9f, 0x8f],
    ]);
    const field = this.random.pick(['search(text: \\"', 'team(name: \\"', 'player(name: \\"', 'headToHead(teamA: \\"']);
    const head = Buffer.from(`{"query":"{ ${field}`);
    const tail = Buffer.from(field.startsWith('headToHead') ? '\\", teamB: \\"x\\") { played } }"}' : '\\") { __typename } }"}');
    const body = Buffer.concat([head, Buffer.from(bad), Buffer.from('messi'), Buffer.from(bad), tail]);
    return { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body };
  }

  private oversizeBody() {
    const size = this.random.pick([(1 << 20) + 1, 2_000_000, 5_000_000, 10_000_000]);
    const padding = this.random.pick(['a', ' ']);
    const body = padding === ' ' ? `${' '.repeat(size)}{"query":"{ sources { title } }"}` : JSON.stringify({ query: '{ sources { title } }', variables: { pad: 'a'.repeat(size) } });
    return { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body };
  }

  private batchedArray() {
    const count = this.random.int(2, 500);
    const operations = Array.from({ length: count }, () =>
      this.random.chance(0.5) ? { query: '{ sources { title } }' } : { query: `{ search(text: ${JSON.stringify(this.string('mixed'))}) { id } }` },
    );
    return post(operations);
  }

  private getMutation() {
    const query = this.random.pick(['mutation { __typename }', 'mutation M { sources { title } }', '{ sources { title } }', 'query { search(text: "messi") { id } }']);
    const params = new URLSearchParams({ query });
    if (this.random.chance(0.3)) params.set('variables', this.random.pick(['{bad', '[]', '{"a":1}', 'null']));
    const headers = this.random.chance(0.7) ? PREFLIGHT : {};
    return { method: 'GET', path: `/graphql?${params}`, headers };
  }

  private subscription(field: GraphQLField<unknown, unknown>) {
    const query = this.random.pick([
      `subscription { ${field.name}${this.plausibleArgs(field)} ${this.selection(field.type, 0)} }`,
      'subscription S { __typename }',
      'subscription { sources { title } } query Q { sources { title } }',
    ]);
    if (this.random.chance(0.3)) return { method: 'GET', path: `/graphql?${new URLSearchParams({ query })}`, headers: PREFLIGHT };
    return post({ query });
  }

  /** Automatic persisted queries with unknown, mismatched or malformed hashes. */
  private persistedQuery() {
    const query = '{ sources { title } }';
    const wrongHash = createHash('sha256').update(`fuzz-${this.random.next()}`).digest('hex');
    const variant = this.random.pick(['unknown', 'mismatch', 'version', 'malformed', 'get']);
    if (variant === 'unknown') return post({ extensions: { persistedQuery: { version: 1, sha256Hash: wrongHash } } });
    if (variant === 'mismatch') return post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: wrongHash } } });
    if (variant === 'version') return post({ query, extensions: { persistedQuery: { version: this.random.pick([0, 2, -1, 'x']), sha256Hash: wrongHash } } });
    if (variant === 'malformed') {
      return post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: this.random.pick([42, null, {}, 'x'.repeat(100_000), "' OR 1=1"]) } } });
    }
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: wrongHash } });
    return { method: 'GET', path: `/graphql?${new URLSearchParams({ extensions })}`, headers: PREFLIGHT };
  }

  /** Wrong methods, content types and paths; a URL and headers larger than Node accepts. */
  private httpMisuse() {
    const body = JSON.stringify({ query: '{ sources { title } }' });
    const variant = this.random.pick(['method', 'content-type', 'path', 'long-url', 'big-header', 'no-body']);
    if (variant === 'method') return { method: this.random.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']), path: '/graphql', headers: JSON_HEADERS, body };
    if (variant === 'content-type') {
      const type = this.random.pick(['text/plain', 'application/graphql', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml']);
      return { method: 'POST', path: '/graphql', headers: { 'content-type': type }, body: this.random.chance(0.5) ? body : '{ sources { title } }' };
    }
    if (variant === 'path') {
      const path = this.random.pick(['/graphql/', '/GRAPHQL', '/graphql/..%2fmetrics', '/%2e%2e/%2e%2e/etc/passwd', '/graphql%00', '/ui/assets/..%2f..%2fpackage.json', '/health/live?x=' + 'a'.repeat(2_000), '/nowhere']);
      return { method: this.random.pick(['GET', 'POST']), path, headers: JSON_HEADERS, body: undefined };
    }
    if (variant === 'long-url') {
      const query = `{ search(text: "${'a'.repeat(this.random.int(10_000, 100_000))}") { id } }`;
      return { method: 'GET', path: `/graphql?${new URLSearchParams({ query })}`, headers: PREFLIGHT };
    }
    if (variant === 'big-header') {
      return { method: 'POST', path: '/graphql', headers: { ...JSON_HEADERS, 'x-fuzz': 'a'.repeat(this.random.int(10_000, 60_000)) }, body };
    }
    return { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body: undefined };
  }

  private send(query: string, variables: Record<string, unknown> | undefined) {
    if (this.random.chance(0.15)) {
      // The same operation as a GET, where the query string carries it (a query only).
      const params = new URLSearchParams({ query });
      if (variables) params.set('variables', JSON.stringify(variables));
      const path = `/graphql?${params}`;
      if (path.length < 60_000) return { method: 'GET', path, headers: PREFLIGHT };
    }
    return post({ query, variables });
  }
}

function post(payload: unknown) {
  return { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body: JSON.stringify(payload) };
}

function parens(parts: string[]): string {
  return parts.length ? `(${parts.join(', ')})` : '';
}

/** A JSON value written as a GraphQL literal of `type` (enum values bare, the rest JSON-like). */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  const inner = getNullableType(type) as GraphQLInputType;
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, isListType(inner) ? inner.ofType : inner)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = isInputObjectType(inner) ? inner.getFields() : {};
    const entries = Object.entries(value).map(([name, item]) => `${name}: ${literal(item, fields[name]?.type ?? inner)}`);
    return `{ ${entries.join(', ')} }`;
  }
  if (typeof value === 'string' && isEnumType(inner) && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  return JSON.stringify(value);
}

function plausibleValue(arg: GraphQLArgument): unknown {
  const named = getNamedType(arg.type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (named.name === 'Int') return arg.name === 'year' ? 2026 : 5;
  if (arg.name === 'from') return 'lionel-messi';
  if (arg.name === 'to') return 'harry-kane';
  if (arg.name.startsWith('team')) return arg.name === 'teamB' ? 'England' : 'Argentina';
  return 'messi';
}
