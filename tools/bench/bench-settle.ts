/**
 * Quiet before timing: an import leaves the machine busy after its last row is visible (the kernel writes
 * the new files back from the page cache, DuckDB's freed memory goes back, the server's threads finish up),
 * and a query timed meanwhile measures that work too, more or less of it by chance. `settle` asks the
 * kernel to write dirty pages now (`sync`) and then waits until the whole machine (every process and the
 * kernel, from /proc/stat) has been nearly idle for a while, or gives up after `maxMs`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface SettleOptions {
  /** Busy share of all CPUs below which a window counts as quiet. */
  readonly busyBelow: number;
  /** One window's length. */
  readonly windowMs: number;
  /** Quiet windows in a row that end the wait. */
  readonly quietWindows: number;
  /** The longest wait. */
  readonly maxMs: number;
}

export const SETTLE_DEFAULTS: SettleOptions = { busyBelow: 0.05, windowMs: 250, quietWindows: 2, maxMs: 20_000 };

export interface Settled {
  /** How long it waited in all, `sync` included. */
  readonly ms: number;
  /** The time `sync` took. */
  readonly syncMs: number;
  /** False when `maxMs` passed first. */
  readonly quiet: boolean;
}

/** Busy and total jiffies of all CPUs (the `cpu` line of /proc/stat); undefined off Linux. */
export function cpuJiffies(stat = (): string => readFileSync('/proc/stat', 'utf8')): { busy: number; total: number } | undefined {
  let line: string | undefined;
  try {
    line = stat().split('\n', 1)[0];
  } catch {
    return undefined;
  }
  if (!line?.startsWith('cpu ')) return undefined;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - (f[4] ?? 0), total };
}

/** The busy share between two readings; NaN when no time passed. */
export function busyShare(a: { busy: number; total: number }, b: { busy: number; total: number }): number {
  const total = b.total - a.total;
  return total > 0 ? (b.busy - a.busy) / total : NaN;
}

export async function settle(o: SettleOptions = SETTLE_DEFAULTS, read = cpuJiffies): Promise<Settled> {
  const t0 = performance.now();
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {
    // No sync command: the wait below still lets writeback that has started finish.
  }
  const syncMs = performance.now() - t0;
  let prev = read();
  if (!prev) return { ms: performance.now() - t0, syncMs, quiet: true };
  let quiet = 0;
  while (performance.now() - t0 < o.maxMs) {
    await new Promise((r) => setTimeout(r, o.windowMs));
    const next = read();
    if (!next) break;
    const share = busyShare(prev, next);
    prev = next;
    quiet = share < o.busyBelow ? quiet + 1 : 0;
    if (quiet >= o.quietWindows) return { ms: performance.now() - t0, syncMs, quiet: true };
  }
  return { ms: performance.now() - t0, syncMs, quiet: false };
}
