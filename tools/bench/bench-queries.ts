/**
 * The fixed workload: 13 queries in svc's dialect with their DuckDB translations, built from the
 * datasets' metadata so one list serves every size, the import schemas, and the engine-independent
 * fingerprint results are compared by (row count, sum of numeric cells, sum of timestamps, first row of
 * ordered results; relative tolerance 1e-6).
 */
import { DatasetMeta } from './bench-datasets';

export interface BenchQuery {
  readonly id: string;
  readonly what: string;
  /** svc's SQL. */
  readonly q: string;
  /** DuckDB's SQL. */
  readonly d: string;
  /** The result order is defined, so first rows are compared too. */
  readonly ordered: boolean;
  /**
   * The same shape with other constants (q/d above is the first): every one's result is checked, and the timed
   * runs go through them in turn (bench-variants.ts).
   */
  readonly variants?: readonly QueryText[];
  /** Only these columns count in the fingerprint: rows an ORDER BY leaves tied may differ between engines in the rest. */
  readonly checkColumns?: readonly number[];
}

/** One text of a query in both dialects. */
export interface QueryText {
  /** svc's SQL. */
  readonly q: string;
  /** DuckDB's SQL. */
  readonly d: string;
}

export interface Fingerprint {
  readonly rows: number;
  readonly sum: number;
  readonly sumTs: number;
  readonly first?: unknown[];
}

/**
 * Timed with a server's queries, in every round, and reported apart: a query that reads nothing, so its time
 * is the HTTP round trip (loopback TCP, a wake-up of each process), which moves with the machine over minutes
 * more than in-process work does; beside a pass's small queries it shows how much of their move is that.
 */
export const ROUND_TRIP: BenchQuery = { id: 'round_trip', what: 'SELECT 1 (the HTTP round trip)', q: 'SELECT 1', d: 'SELECT 1', ordered: true };

const isoAt = (startIso: string, hours: number): string => new Date(Date.parse(startIso) + hours * 3600e3).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
const duckTs = (iso: string): string => `TIMESTAMP '${iso.replace('T', ' ').replace('Z', '')}'`;

export function buildQueries(cpu: DatasetMeta): BenchQuery[] {
  const c0 = cpu.start;
  const r6 = isoAt(c0, 6), r12 = isoAt(c0, 12);
  return [
    { id: 'count', what: 'count(*) cpu', q: 'SELECT count(*) FROM cpu', d: 'SELECT count(*) FROM cpu', ordered: true },
    { id: 'sum_avg', what: 'sum/avg over columns',
      q: 'SELECT sum(usage_user), avg(usage_system), avg(usage_idle) FROM cpu',
      d: 'SELECT sum(usage_user), avg(usage_system), avg(usage_idle) FROM cpu', ordered: true },
    { id: 'filter_count', what: 'filter 2 doubles + count',
      q: 'SELECT count(*) FROM cpu WHERE usage_user > 90 AND usage_system < 10',
      d: 'SELECT count(*) FROM cpu WHERE usage_user > 90 AND usage_system < 10', ordered: true },
    { id: 'symbol_avg', what: 'filter symbol + avg',
      q: "SELECT avg(price), sum(amount), count(*) FROM trades WHERE symbol = 'SYM07'",
      d: "SELECT avg(price), sum(amount), count(*) FROM trades WHERE symbol = 'SYM07'", ordered: true },
    { id: 'time_range', what: '6h time range + aggs',
      q: `SELECT count(*), avg(usage_user), max(usage_idle) FROM cpu WHERE ts >= '${r6}' AND ts < '${r12}'`,
      d: `SELECT count(*), avg(usage_user), max(usage_idle) FROM cpu WHERE ts >= ${duckTs(r6)} AND ts < ${duckTs(r12)}`, ordered: true },
    { id: 'sample_by_1h', what: 'SAMPLE BY 1h avg/max',
      q: 'SELECT ts, avg(usage_user), max(usage_system) FROM cpu SAMPLE BY 1h',
      d: "SELECT time_bucket(INTERVAL '1 hour', ts) AS ts, avg(usage_user), max(usage_system) FROM cpu GROUP BY 1 ORDER BY 1", ordered: true },
    { id: 'sample_by_host', what: 'SAMPLE BY 1h, 3 hosts',
      q: "SELECT ts, hostname, avg(usage_user) FROM cpu WHERE hostname IN ('host_1', 'host_7', 'host_42') SAMPLE BY 1h ORDER BY ts, hostname",
      d: "SELECT time_bucket(INTERVAL '1 hour', ts) AS ts, hostname, avg(usage_user) FROM cpu WHERE hostname IN ('host_1', 'host_7', 'host_42') GROUP BY 1, 2 ORDER BY 1, 2", ordered: true },
    { id: 'latest_on', what: 'LATEST ON ts PARTITION BY host',
      q: 'SELECT * FROM cpu LATEST ON ts PARTITION BY hostname',
      d: 'SELECT * FROM cpu QUALIFY row_number() OVER (PARTITION BY hostname ORDER BY ts DESC) = 1', ordered: false },
    { id: 'groupby_symbol', what: 'GROUP BY symbol, 5 aggs',
      q: 'SELECT symbol, count(*), sum(amount), avg(price), min(price), max(price) FROM trades GROUP BY symbol ORDER BY symbol',
      d: 'SELECT symbol, count(*), sum(amount), avg(price), min(price), max(price) FROM trades GROUP BY symbol ORDER BY symbol', ordered: true },
    { id: 'last10', what: 'ORDER BY ts DESC LIMIT 10',
      q: 'SELECT * FROM trades ORDER BY ts DESC LIMIT 10', d: 'SELECT * FROM trades ORDER BY ts DESC LIMIT 10', ordered: true },
    { id: 'max_per_host', what: 'max per host, 12h range',
      q: `SELECT hostname, max(usage_user), max(usage_system) FROM cpu WHERE ts >= '${c0}' AND ts < '${r12}' GROUP BY hostname ORDER BY hostname`,
      d: `SELECT hostname, max(usage_user), max(usage_system) FROM cpu WHERE ts >= ${duckTs(c0)} AND ts < ${duckTs(r12)} GROUP BY hostname ORDER BY hostname`, ordered: true },
    { id: 'highcard_groupby', what: 'GROUP BY amount (~100k keys) top 10',
      q: 'SELECT amount, count(*) c FROM trades GROUP BY amount ORDER BY c DESC, amount LIMIT 10',
      d: 'SELECT amount, count(*) c FROM trades GROUP BY amount ORDER BY c DESC, amount LIMIT 10', ordered: true },
    { id: 'asof_join', what: 'ASOF JOIN SYM00 vs SYM01',
      q: "SELECT count(*), avg(a.price / b.price) FROM (SELECT * FROM trades WHERE symbol = 'SYM00') a ASOF JOIN (SELECT * FROM trades WHERE symbol = 'SYM01') b",
      d: "SELECT count(*), avg(a.price / b.price) FROM (SELECT * FROM trades WHERE symbol = 'SYM00') a ASOF LEFT JOIN (SELECT * FROM trades WHERE symbol = 'SYM01') b ON a.ts >= b.ts", ordered: true },
  ];
}

export interface SchemaColumn { readonly name: string; readonly type: string; readonly pattern?: string }

const usage = ['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq', 'usage_steal', 'usage_guest', 'usage_guest_nice'];

/** /imp `schema` parts; DuckDB reads SYMBOL as VARCHAR. */
export const SCHEMAS: Record<'cpu' | 'trades', SchemaColumn[]> = {
  cpu: [
    { name: 'ts', type: 'TIMESTAMP', pattern: 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ' },
    { name: 'hostname', type: 'SYMBOL' }, { name: 'region', type: 'SYMBOL' },
    ...usage.map((name) => ({ name, type: 'DOUBLE' })),
  ],
  trades: [
    { name: 'ts', type: 'TIMESTAMP', pattern: 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ' },
    { name: 'symbol', type: 'SYMBOL' }, { name: 'side', type: 'SYMBOL' },
    { name: 'price', type: 'DOUBLE' }, { name: 'amount', type: 'DOUBLE' },
  ],
};

export const DUCK_TYPE: Record<string, string> = { TIMESTAMP: 'TIMESTAMP', SYMBOL: 'VARCHAR', DOUBLE: 'DOUBLE' };

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && ISO.test(v)) return Date.parse(v) / 1000;
  return null;
}

const round = (x: number): number => (x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(9)));

/** Values as /exec returns them: numbers, strings, timestamps as ISO text with microseconds. */
export function fingerprint(all: readonly (readonly unknown[])[], ordered: boolean, checkColumns?: readonly number[]): Fingerprint {
  const rows = checkColumns ? all.map((r) => checkColumns.map((c) => r[c])) : all;
  let sum = 0, sumTs = 0;
  for (const r of rows) {
    for (const v of r) {
      if (typeof v === 'string' && ISO.test(v)) { sumTs += Date.parse(v) / 1000; continue; }
      const n = numberOf(v);
      if (n !== null && Number.isFinite(n)) sum += n;
    }
  }
  const first = ordered && rows.length > 0 ? rows[0].map((v) => { const n = numberOf(v); return n === null ? v : round(n); }) : undefined;
  return { rows: rows.length, sum: round(sum), sumTs: round(sumTs), first };
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  const close = (x: unknown, y: unknown): boolean => x === y
    || (typeof x === 'number' && typeof y === 'number' && Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y)));
  if (a.rows !== b.rows || !close(a.sum, b.sum) || !close(a.sumTs, b.sumTs)) return false;
  if (a.first && b.first) return a.first.length === b.first.length && a.first.every((x, i) => close(x, (b.first as unknown[])[i]));
  return true;
}
