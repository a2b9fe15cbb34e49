/**
 * Servers timed together (`--together`): every server of a pass is started and loaded first, then their
 * queries are timed in the same rounds, each round one run of every (server, query) pair in its own
 * shuffled order (bench-rounds.ts). Timed one after another, two servers see different stretches of the
 * machine: its speed moves by a third over minutes on this shared VM (a /tmp probe, pairs of fresh 10M
 * servers: sum_avg 11.5–16.2 ms from one pair to the next, the two of a pair within 0.5–8%), so a
 * before/after comparison, or the spread between runs of one build, mostly measured when each was timed.
 * Timed together, every server samples the same stretch, and what is left between them is their own.
 */
import { TimedQuery, QueryResult } from './bench-rounds';

/** One query of one server, as timeRounds sees it: the id is `<server index>/<query id>`. */
export interface JointQuery<Q extends TimedQuery> extends TimedQuery {
  readonly server: number;
  readonly query: Q;
}

/** Every query of every server, server by server (the rounds shuffle them together). */
export function jointQueries<Q extends TimedQuery>(servers: number, queries: readonly Q[]): JointQuery<Q>[] {
  return Array.from({ length: servers }, (_s, server) => queries.map((query) => ({ id: `${server}/${query.id}`, server, query }))).flat();
}

/** timeRounds' results over jointQueries, back to each server's own, with the queries' own ids. */
export function splitResults<Q extends TimedQuery>(servers: number, queries: readonly Q[], results: readonly QueryResult[]): QueryResult[][] {
  const byId = new Map(results.map((r) => [r.id, r]));
  return Array.from({ length: servers }, (_s, server) => queries.map((q) => {
    const r = byId.get(`${server}/${q.id}`);
    return r ? { ...r, id: q.id } : { id: q.id, ms: NaN, min: NaN, error: 'not timed' };
  }));
}

/** Labels for the servers: a build given more than once is numbered from its second appearance (`svc`, `svc #2`, …). */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} #${n}`;
  });
}
