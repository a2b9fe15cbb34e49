/**
 * Block summaries: for a settled FLOAT or DOUBLE column array (committed data that never changes,
 * core/data/settled-arrays.ts), per block of 16,384 rows the sum and count of its non-null values and
 * their least and greatest (a zone map that carries sums). An ungrouped, unfiltered count/sum/avg/min/max
 * over whole partitions then folds a few hundred block records instead of reading every row
 * (summary-aggregate.ts). The workers build a summary in one pass on the first such query over the array
 * (the same four-chain folds as the aggregate kernels); it is kept with the array, and a later commit
 * brings a new array and so a new summary.
 */
import { isSettled } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';
import { BLOCK_ROWS } from './kernel-runtime';
import { TaskSpec, WorkerPoolStats } from './query-workers';

/** Rows per summarised block: the aggregate kernels' block. */
export const SUMMARY_BLOCK = BLOCK_ROWS;
/** Doubles per block record: sum, count of non-null values, least, greatest (the last two meaningless when the count is 0). */
export const RECORD = 4;

const summaries = new WeakMap<FixedArray, Float64Array>();

/** Block records of `data` (`RECORD` doubles per block), if built. */
export function knownSummary(data: FixedArray): Float64Array | undefined {
  return summaries.get(data);
}

/** Whether `data` can have a summary: a settled FLOAT or DOUBLE array. */
export function summarizable(data: FixedArray): boolean {
  return (data instanceof Float64Array || data instanceof Float32Array) && isSettled(data);
}

export function blockCount(rows: number): number {
  return Math.ceil(rows / SUMMARY_BLOCK);
}

/**
 * The summary kernel: for each block of `[lo, hi)` (lo a multiple of the block) writes its record into
 * `cols[1]`. A block without NaN sums in four chains and takes least and greatest in four more; a NaN sum
 * means nulls (or infinities of both signs), and the block is folded again row by row skipping NaN.
 */
const SOURCE = 'const c = cols[0], out = cols[1], B = a[0]; '
  + 'for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; '
  + 'let s0 = 0, s1 = 0, s2 = 0, s3 = 0, l0 = Infinity, l1 = l0, l2 = l0, l3 = l0, g0 = -Infinity, g1 = g0, g2 = g0, g3 = g0, i = b; '
  + 'for (; i + 3 < e; i += 4) { const v0 = c[i], v1 = c[i + 1], v2 = c[i + 2], v3 = c[i + 3]; '
  + 's0 += v0; s1 += v1; s2 += v2; s3 += v3; '
  + 'if (v0 < l0) l0 = v0; if (v1 < l1) l1 = v1; if (v2 < l2) l2 = v2; if (v3 < l3) l3 = v3; '
  + 'if (v0 > g0) g0 = v0; if (v1 > g1) g1 = v1; if (v2 > g2) g2 = v2; if (v3 > g3) g3 = v3; } '
  + 'for (; i < e; i++) { const v = c[i]; s0 += v; if (v < l0) l0 = v; if (v > g0) g0 = v; } '
  + 'let s = (s0 + s1) + (s2 + s3), n = e - b; '
  + 'if (l1 < l0) l0 = l1; if (l2 < l0) l0 = l2; if (l3 < l0) l0 = l3; if (g1 > g0) g0 = g1; if (g2 > g0) g0 = g2; if (g3 > g0) g0 = g3; '
  + 'if (s !== s) { s = 0; n = 0; for (let j = b; j < e; j++) { const v = c[j]; if (v === v) { s += v; n++; } } } '
  + 'const k = 4 * Math.floor(b / B); out[k] = s; out[k + 1] = n; out[k + 2] = l0; out[k + 3] = g0; } '
  + 'return { selected: 0 };';

/** A summary being built: its records, filled by the tasks, kept once they have all finished. */
export interface SummaryBuild {
  readonly data: FixedArray;
  readonly records: Float64Array;
}

/**
 * Summaries to build for `arrays` (each once) and their tasks: about `pieces` ranges in all, each whole
 * blocks of one array, writing that array's records in shared memory.
 */
export function summaryTasks(arrays: readonly FixedArray[], pieces: number): { builds: SummaryBuild[]; specs: TaskSpec[] } {
  const builds = [...new Set(arrays)].map((data) => ({ data, records: new Float64Array(new SharedArrayBuffer(blockCount(data.length) * RECORD * 8)) }));
  const total = builds.reduce((s, b) => s + blockCount(b.data.length), 0);
  const perTask = Math.max(1, Math.ceil(total / Math.max(1, pieces)));
  const specs: TaskSpec[] = [];
  for (const { data, records } of builds) {
    const blocks = blockCount(data.length);
    for (let k = 0; k < blocks; k += perTask) {
      specs.push({ source: SOURCE, lo: k * SUMMARY_BLOCK, hi: Math.min(data.length, (k + perTask) * SUMMARY_BLOCK), args: [SUMMARY_BLOCK], columns: [data, records] });
    }
  }
  return { builds, specs };
}

/** Keeps a finished build's records with its array; false when the array is not settled (nothing kept). */
export function keepSummary(build: SummaryBuild): boolean {
  if (!isSettled(build.data)) return false;
  summaries.set(build.data, build.records);
  return true;
}

/** Keeps a step's finished builds and counts them, and the spans folded from summaries, in the pool's stats. */
export function countSummaries(builds: readonly SummaryBuild[], folded: number, stats: WorkerPoolStats): void {
  for (const b of builds) if (keepSummary(b)) stats.summariesBuilt++;
  stats.summaryFolds += folded;
}
