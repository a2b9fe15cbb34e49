/**
 * How the bench times its queries, for DuckDB and every server alike: each query runs `warmups` times
 * untimed (the first run's rows give the fingerprint), then `runs` timed runs, and a query's time is the
 * median of its runs. A server compiles its hot paths while it runs them (V8 tiers a function up after
 * enough calls, on background threads that share the two cores): with one warm-up, the first three to
 * five rounds of a freshly started svc ran 10–60% slower than the rest (a /tmp probe, three fresh
 * servers, 20 rounds each), a slope that landed in every pass's medians; with four, 10–17% in the first
 * round only. Extra warm-ups run in rounds of their own order too, before the timed ones.
 *
 * In rounds, `minMs` keeps timing further rounds after the `runs`-th until the timed rounds have lasted
 * that long: the machine's speed moves in spells of seconds to minutes, and 41 rounds of svc's queries
 * took ~9 s against DuckDB's ~50 s, so one slow spell could cover all of a pass's svc runs (a 10M
 * sitting: svc's medians of one pass 14–46% above its fastest pass, DuckDB's passes within 1–11%).
 * A minimum time gives every engine a sampling window at least that long.
 *
 * Interleaved (the default), the timed runs go in rounds: one run of every query per round. On a shared
 * two-core VM the machine's speed moves in phases of a tenth of a second to a few seconds (the host
 * shares out the physical cores: a two-thread scan of 80 MB took 4.4 ms in one phase and 8.5 ms in the
 * next, in the same process); the runs of a query timed back to back fall in one or two phases and its
 * median moves with them from one pass to the next, while runs spread over the whole sitting sample
 * every phase. Each round runs the queries in its own shuffled order (the same orders for DuckDB and
 * every server), so no query mostly follows the same one: what a query leaves behind (a server's garbage
 * collection after a big join) lands on a different query each round instead of on most runs of one
 * successor (rounds that only started one query later kept every other neighbour). In turn
 * (`interleave: false`), each query's runs go back to back, as ../bench/bench.mjs does.
 */
import { Fingerprint } from './bench-queries';
import { median } from './bench-stats';

export interface QueryResult {
  readonly id: string;
  /** The median of the timed runs. */
  readonly ms: number;
  readonly min: number;
  /** Every timed run, in the order they ran. */
  readonly times?: readonly number[];
  readonly fingerprint?: Fingerprint;
  readonly error?: string;
}

export interface TimedQuery { readonly id: string }

export interface Rounds<Q extends TimedQuery> {
  readonly queries: readonly Q[];
  readonly runs: number;
  readonly interleave: boolean;
  /** Untimed runs per query before the timed ones, the fingerprint's among them (default 1). */
  readonly warmups?: number;
  /** In rounds: more rounds after `runs` until the timed ones have lasted this long (default 0). */
  readonly minMs?: number;
  /** The untimed first run; its answer's fingerprint. */
  readonly first: (q: Q) => Promise<Fingerprint>;
  /** One timed run (the time includes whatever it awaits). */
  readonly run: (q: Q) => Promise<unknown>;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message.split('\n')[0].slice(0, 160) : String(e));

export async function timeRounds<Q extends TimedQuery>(r: Rounds<Q>): Promise<QueryResult[]> {
  const fingerprints = new Map<string, Fingerprint>();
  const errors = new Map<string, string>();
  const times = new Map<string, number[]>(r.queries.map((q) => [q.id, []]));
  const timeOne = async (q: Q, timed = true): Promise<void> => {
    if (errors.has(q.id)) return;
    try {
      const t0 = performance.now();
      await r.run(q);
      if (timed) times.get(q.id)?.push(performance.now() - t0);
    } catch (e) {
      errors.set(q.id, reason(e));
    }
  };
  const extraWarmups = Math.max(0, Math.floor(r.warmups ?? 1) - 1);
  const warm = async (q: Q): Promise<void> => {
    try {
      fingerprints.set(q.id, await r.first(q));
    } catch (e) {
      errors.set(q.id, reason(e));
    }
  };
  if (r.interleave) {
    for (const q of r.queries) await warm(q);
    // Warm-up rounds take orders the timed rounds do not use (rounds -1, -2, ...).
    for (let w = 0; w < extraWarmups; w++) for (const j of roundOrder(r.queries.length, -1 - w)) await timeOne(r.queries[j], false);
    const t0 = performance.now(), minMs = r.minMs ?? 0;
    for (let k = 0; k < r.runs || performance.now() - t0 < minMs; k++) for (const j of roundOrder(r.queries.length, k)) await timeOne(r.queries[j]);
  } else {
    for (const q of r.queries) {
      await warm(q);
      for (let w = 0; w < extraWarmups; w++) await timeOne(q, false);
      for (let k = 0; k < r.runs; k++) await timeOne(q);
    }
  }
  return r.queries.map((q) => {
    const error = errors.get(q.id);
    if (error !== undefined) return { id: q.id, ms: NaN, min: NaN, error };
    const ts = times.get(q.id) ?? [];
    return { id: q.id, ms: median(ts), min: Math.min(...ts), times: ts.map((t) => Math.round(t * 1000) / 1000), fingerprint: fingerprints.get(q.id) };
  });
}

/** Round `round`'s order of `n` queries: a permutation shuffled from a seed of the round, so every run of the bench uses the same ones. */
export function roundOrder(n: number, round: number): number[] {
  const order = Array.from({ length: n }, (_x, i) => i);
  let seed = (round + 1) * 2654435761 >>> 0;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const j = Math.floor((seed / 4294967296) * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
