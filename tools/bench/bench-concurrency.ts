/**
 * The concurrency test of the TSBS workload: `clients` keep-alive connections for `seconds`, each sending its
 * queries back to back. The first `big` of them send queries with large answers (high-cpu-all: ~430,000 rows
 * at 10M rows), the rest small ones (the other types, in turn). What counts is how long the small ones take
 * while the large answers stream: their p50 and p99. A large answer's body is counted, not parsed, so the
 * bench process's own event loop stays free to time the small ones (JSON.parse of 100 MB would hold it for a
 * second).
 */
import { BenchClient } from './bench-http';
import { BenchQuery } from './bench-queries';
import { median } from './bench-stats';
import { VariantCycle } from './bench-variants';

export interface ConcurrencyResult {
  readonly clients: number;
  readonly seconds: number;
  readonly small: { readonly count: number; readonly p50: number; readonly p99: number; readonly max: number };
  readonly big: { readonly count: number; readonly p50: number; readonly max: number; readonly mb: number };
  readonly errors: number;
}

export interface ConcurrencyPlan {
  readonly clients: number;
  readonly big: number;
  readonly seconds: number;
  readonly bigQueries: readonly BenchQuery[];
  readonly smallQueries: readonly BenchQuery[];
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

export async function runConcurrency(port: number, plan: ConcurrencyPlan): Promise<ConcurrencyResult> {
  const cycle = new VariantCycle();
  const smallTimes: number[] = [], bigTimes: number[] = [];
  let bigBytes = 0, errors = 0;
  const until = performance.now() + plan.seconds * 1000;
  const client = async (k: number): Promise<void> => {
    const http = new BenchClient(port);
    const big = k < plan.big;
    const list = big ? plan.bigQueries : plan.smallQueries;
    try {
      for (let n = k; performance.now() < until; n++) {
        const q = list[n % list.length];
        const sql = cycle.text(q, 'q', `${k}/${q.id}`);
        const t0 = performance.now();
        try {
          if (big) {
            const r = await http.send('GET', `/exec?query=${encodeURIComponent(sql)}`, {}, undefined, () => undefined);
            if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
            bigBytes += r.bytes;
            bigTimes.push(performance.now() - t0);
          } else {
            await http.exec(sql);
            smallTimes.push(performance.now() - t0);
          }
        } catch {
          errors++;
        }
      }
    } finally {
      http.close();
    }
  };
  await Promise.all(Array.from({ length: plan.clients }, (_x, k) => client(k)));
  return {
    clients: plan.clients, seconds: plan.seconds, errors,
    small: { count: smallTimes.length, p50: percentile(smallTimes, 0.5), p99: percentile(smallTimes, 0.99), max: Math.max(...smallTimes) },
    big: { count: bigTimes.length, p50: median(bigTimes), max: Math.max(...bigTimes), mb: bigBytes / 1e6 },
  };
}
