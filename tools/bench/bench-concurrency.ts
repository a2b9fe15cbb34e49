/**
 * The concurrency test of the TSBS workload: `clients` keep-alive connections for `seconds`, each sending its
 * queries back to back. `big` of them send queries with large answers (high-cpu-all: ~430,000 rows at 10M
 * rows), from a child process (bench-big-client.ts) whose answers are counted, not parsed; the rest send small
 * ones (the other types, in turn) from this process, which parses their JSON. What counts is how long the small
 * ones take while the large answers stream: their p50 and p99.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { BenchClient } from './bench-http';
import type { BigClientReport } from './bench-big-client';
import { BenchQuery } from './bench-queries';
import { median } from './bench-stats';
import { VariantCycle } from './bench-variants';

export interface ConcurrencyResult {
  readonly clients: number;
  readonly seconds: number;
  readonly small: { readonly count: number; readonly p50: number; readonly p99: number; readonly max: number };
  /** The small clients alone beforehand (no large answers), for half the time: the latency they add to. */
  readonly alone: { readonly count: number; readonly p50: number; readonly p99: number };
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

/** The small clients for `seconds`: their times and errors. */
async function smallClients(port: number, plan: ConcurrencyPlan, seconds: number, cycle: VariantCycle): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const client = async (k: number): Promise<void> => {
    const http = new BenchClient(port);
    try {
      for (let n = k; performance.now() < until; n++) {
        const q = plan.smallQueries[n % plan.smallQueries.length];
        const sql = cycle.text(q, 'q', `${k}/${q.id}`);
        const t0 = performance.now();
        try {
          await http.exec(sql);
          times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    } finally {
      http.close();
    }
  };
  await Promise.all(Array.from({ length: plan.clients - plan.big }, (_x, k) => client(k)));
  return { times, errors };
}

export async function runConcurrency(port: number, plan: ConcurrencyPlan): Promise<ConcurrencyResult> {
  const cycle = new VariantCycle();
  const alone = await smallClients(port, plan, plan.seconds / 2, cycle);
  const texts = plan.bigQueries.flatMap((q) => (q.variants ?? [q]).map((v) => v.q));
  const child = fork(join(__dirname, 'bench-big-client.js'), [String(port), String(plan.seconds), String(plan.big), ...texts], { stdio: 'ignore' });
  const big = new Promise<BigClientReport>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BigClientReport));
    child.once('exit', (code) => reject(new Error(`the large-answer clients exited (${code})`)));
  });
  const { times: smallTimes, errors } = await smallClients(port, plan, plan.seconds, cycle);
  const report = await big;
  return {
    clients: plan.clients, seconds: plan.seconds, errors: errors + report.errors,
    small: { count: smallTimes.length, p50: percentile(smallTimes, 0.5), p99: percentile(smallTimes, 0.99), max: Math.max(...smallTimes) },
    alone: { count: alone.times.length, p50: percentile(alone.times, 0.5), p99: percentile(alone.times, 0.99) },
    big: { count: report.times.length, p50: median(report.times), max: Math.max(...report.times), mb: report.bytes / 1e6 },
  };
}
