/**
 * The 15 TSBS devops query types over the cpu table, each with `variants` texts whose hosts and time windows
 * are drawn from a seed as TSBS's generator draws them (cmd/tsbs_generate_queries/uses/devops: a window of
 * the type's length starting anywhere in the data's span, printed to the second as RFC 3339; hosts a random
 * subset of host_0 … host_<n-1>). The svc text is the one TSBS's QuestDB generator writes
 * (databases/questdb/devops.go); the DuckDB text is its translation (SAMPLE BY → time_bucket + GROUP BY +
 * ORDER BY, LATEST BY → QUALIFY row_number()).
 */
import { BenchQuery, QueryText } from './bench-queries';
import { rng } from './bench-text';
import { TSBS_FIELDS } from './tsbs-cpu';
import { TsbsMeta } from './tsbs-dataset';

const HOUR = 3600_000;

/** Random draws for the query generators: windows within the data's span and host subsets. */
export class QueryDraws {
  readonly random: () => number;

  constructor(readonly meta: TsbsMeta, seed: number) {
    this.random = rng(seed);
  }

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }

  /** A window of `ms` starting anywhere in the span (whole seconds), as [start, end) in ms. */
  window(ms: number): [number, number] {
    const span = Math.max(1000, this.meta.endMs - this.meta.startMs - ms);
    const start = Math.floor((this.meta.startMs + this.int(span)) / 1000) * 1000;
    return [start, start + ms];
  }

  /** `n` distinct host names. */
  hosts(n: number): string[] {
    const seen = new Set<number>();
    while (seen.size < Math.min(n, this.meta.hosts)) seen.add(this.int(this.meta.hosts));
    return [...seen].map((h) => `host_${h}`);
  }
}

/** RFC 3339 to the second, as TSBS prints a window's ends. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const duckTime = (ms: number): string => `TIMESTAMP '${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')}'`;
export const quoted = (xs: readonly string[]): string => xs.map((x) => `'${x}'`).join(', ');

const aggs = (fn: string, cols: readonly string[]): string => cols.map((c) => `${fn}(${c}) AS ${fn}_${c}`).join(', ');
const between = (w: [number, number], d: boolean): string => (d
  ? `timestamp >= ${duckTime(w[0])} AND timestamp < ${duckTime(w[1])}`
  : `timestamp >= '${rfc3339(w[0])}' AND timestamp < '${rfc3339(w[1])}'`);

function singleGroupby(r: QueryDraws, metrics: number, hosts: number, hours: number): QueryText {
  const w = r.window(hours * HOUR), cols = TSBS_FIELDS.slice(0, metrics), hs = quoted(r.hosts(hosts));
  return {
    q: `SELECT timestamp, ${aggs('max', cols)} FROM cpu WHERE hostname IN (${hs}) AND ${between(w, false)} SAMPLE BY 1m`,
    d: `SELECT time_bucket(INTERVAL '1 minute', timestamp) AS timestamp, ${aggs('max', cols)} FROM cpu WHERE hostname IN (${hs}) AND ${between(w, true)} GROUP BY 1 ORDER BY 1`,
  };
}

function maxAll(r: QueryDraws, hosts: number): QueryText {
  const w = r.window(8 * HOUR), hs = quoted(r.hosts(hosts));
  return {
    q: `SELECT hour(timestamp) AS hour, ${aggs('max', TSBS_FIELDS)} FROM cpu WHERE hostname IN (${hs}) AND ${between(w, false)} SAMPLE BY 1h`,
    d: `SELECT hour(time_bucket(INTERVAL '1 hour', timestamp)) AS hour, ${aggs('max', TSBS_FIELDS)} FROM cpu WHERE hostname IN (${hs}) AND ${between(w, true)} GROUP BY time_bucket(INTERVAL '1 hour', timestamp) ORDER BY time_bucket(INTERVAL '1 hour', timestamp)`,
  };
}

function doubleGroupby(r: QueryDraws, metrics: number): QueryText {
  const w = r.window(12 * HOUR), cols = TSBS_FIELDS.slice(0, metrics);
  return {
    q: `SELECT timestamp, hostname, ${aggs('avg', cols)} FROM cpu WHERE ${between(w, false)} SAMPLE BY 1h GROUP BY timestamp, hostname`,
    d: `SELECT time_bucket(INTERVAL '1 hour', timestamp) AS timestamp, hostname, ${aggs('avg', cols)} FROM cpu WHERE ${between(w, true)} GROUP BY 1, 2`,
  };
}

function highCpu(r: QueryDraws, hosts: number): QueryText {
  const w = r.window(12 * HOUR), hs = hosts > 0 ? quoted(r.hosts(hosts)) : '';
  const onHosts = hosts > 0 ? ` AND hostname IN (${hs})` : '';
  return {
    q: `SELECT * FROM cpu WHERE usage_user > 90.0${onHosts} AND ${between(w, false)}`,
    d: `SELECT * FROM cpu WHERE usage_user > 90.0${onHosts} AND ${between(w, true)}`,
  };
}

function groupbyOrderbyLimit(r: QueryDraws): QueryText {
  const [, end] = r.window(HOUR);
  return {
    q: `SELECT timestamp AS minute, max(usage_user) FROM cpu WHERE timestamp < '${rfc3339(end)}' SAMPLE BY 1m LIMIT 5`,
    d: `SELECT time_bucket(INTERVAL '1 minute', timestamp) AS minute, max(usage_user) FROM cpu WHERE timestamp < ${duckTime(end)} GROUP BY 1 ORDER BY 1 LIMIT 5`,
  };
}

const LASTPOINT: QueryText = {
  q: 'SELECT * FROM cpu latest by hostname',
  d: 'SELECT * FROM cpu QUALIFY row_number() OVER (PARTITION BY hostname ORDER BY timestamp DESC) = 1',
};

interface TypeSpec { readonly id: string; readonly what: string; readonly ordered: boolean; readonly draw: (r: QueryDraws) => QueryText }

export const TSBS_TYPES: readonly TypeSpec[] = [
  ...([[1, 1, 1], [1, 1, 12], [1, 8, 1], [5, 1, 1], [5, 1, 12], [5, 8, 1]] as const).map(([m, h, t]): TypeSpec => ({
    id: `single-groupby-${m}-${h}-${t}`, what: `max of ${m} metric(s), ${h} host(s), ${t} h by 1m`, ordered: true, draw: (r) => singleGroupby(r, m, h, t),
  })),
  ...([1, 8] as const).map((h): TypeSpec => ({ id: `cpu-max-all-${h}`, what: `max of all 10 metrics, ${h} host(s), 8 h by 1h`, ordered: true, draw: (r) => maxAll(r, h) })),
  ...([1, 5, 10] as const).map((m): TypeSpec => ({
    id: `double-groupby-${m === 10 ? 'all' : m}`, what: `avg of ${m} metric(s) per host and hour, 12 h`, ordered: false, draw: (r) => doubleGroupby(r, m),
  })),
  { id: 'high-cpu-1', what: 'rows with usage_user > 90, 1 host, 12 h', ordered: false, draw: (r) => highCpu(r, 1) },
  { id: 'high-cpu-all', what: 'rows with usage_user > 90, all hosts, 12 h', ordered: false, draw: (r) => highCpu(r, 0) },
  { id: 'lastpoint', what: 'last row per host', ordered: false, draw: () => LASTPOINT },
  { id: 'groupby-orderby-limit', what: 'max per minute, first 5 minutes before a random end', ordered: true, draw: groupbyOrderbyLimit },
];

/** Every type with `variants` texts each (lastpoint has one text), drawn in a fixed order from `seed`. */
export function tsbsQueries(meta: TsbsMeta, variants: number, seed: number): BenchQuery[] {
  const r = new QueryDraws(meta, seed);
  return TSBS_TYPES.map((t) => {
    const texts = Array.from({ length: t.id === 'lastpoint' ? 1 : variants }, () => t.draw(r));
    return { id: t.id, what: t.what, q: texts[0].q, d: texts[0].d, ordered: t.ordered, variants: texts };
  });
}
