/**
 * Block summaries: for a settled FLOAT or DOUBLE column array (committed data that never changes,
 * core/data/settled-arrays.ts), per block of 16,384 rows the sum and count of its non-null values and
 * their least and greatest (a zone map that carries sums). An ungrouped, unfiltered count/sum/avg/min/max
 * over whole blocks then folds a few hundred block records instead of reading every row
 * (summary-aggregate.ts; SAMPLE BY per bucket run, summary-sample.ts). The workers build a summary on the
 * first such query over the array with the aggregate kernels themselves; it is kept with the array, and a
 * later commit brings a new array and so a new summary.
 */
import { isSettled } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';
import { BLOCK_ROWS } from './kernel-runtime';
import { runsKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
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

export function blockCount(rows: number): number {
  return Math.ceil(rows / SUMMARY_BLOCK);
}

/**
 * The kernel that builds summaries is the aggregate kernels' runs mode (kernel-source.ts, as SAMPLE BY uses
 * it) for sum, min and max of one column, with one run a block: each run's partial group is its block's record.
 */
const SOURCE = runsKernelSource({
  key: 'none', keyColumn: -1, columns: 1,
  aggregates: (['sum', 'min', 'max'] as const).map((op) => ({ op, nulls: 'nan' as const, column: 0 })),
});

/** Summaries to build: the arrays, the tasks (each whole blocks of one array) and which array and block each task starts at. */
export interface SummaryBuilds {
  readonly arrays: readonly FixedArray[];
  readonly specs: readonly TaskSpec[];
  readonly starts: readonly { readonly array: number; readonly block: number }[];
}

/** The summaries `arrays` lack (each once), as about `pieces` tasks. */
export function missingSummaries(arrays: readonly FixedArray[], pieces: number): SummaryBuilds {
  const missing = [...new Set(arrays)].filter((a) => !summaries.has(a));
  const total = missing.reduce((s, a) => s + blockCount(a.length), 0);
  const perTask = Math.max(1, Math.ceil(total / Math.max(1, pieces)));
  const specs: TaskSpec[] = [];
  const starts: { array: number; block: number }[] = [];
  missing.forEach((data, array) => {
    const blocks = blockCount(data.length);
    for (let block = 0; block < blocks; block += perTask) {
      const n = Math.min(perTask, blocks - block);
      const runStarts = Int32Array.from({ length: n }, (_x, r) => (block + r) * SUMMARY_BLOCK);
      const runEnds = Int32Array.from(runStarts, (lo) => Math.min(data.length, lo + SUMMARY_BLOCK));
      specs.push({ source: SOURCE, lo: runStarts[0], hi: runEnds[n - 1], args: [], columns: [data, runStarts, runEnds] });
      starts.push({ array, block });
    }
  });
  return { arrays: missing, specs, starts };
}

/**
 * Keeps the summaries from the build tasks' outputs (in task order: per block the sum and its count, the
 * least, the greatest) with their arrays; returns how many were kept (an array not settled gets none).
 */
export function keepSummaries(builds: SummaryBuilds, outputs: readonly KernelOutput[]): number {
  const records = builds.arrays.map((a) => new Float64Array(blockCount(a.length) * RECORD));
  outputs.forEach((o, t) => {
    const { array, block } = builds.starts[t];
    const [sum, count, least, , greatest] = o.fields ?? [];
    const out = records[array];
    for (let r = 0; r < sum.length; r++) {
      const k = (block + r) * RECORD;
      out[k] = sum[r];
      out[k + 1] = count[r];
      out[k + 2] = least[r];
      out[k + 3] = greatest[r];
    }
  });
  let kept = 0;
  builds.arrays.forEach((data, a) => {
    if (!isSettled(data)) return;
    summaries.set(data, records[a]);
    kept++;
  });
  return kept;
}

/** Keeps a step's finished builds and counts them, and the spans folded from summaries, in the pool's stats. */
export function countSummaries(builds: SummaryBuilds, outputs: readonly KernelOutput[], folded: number, stats: WorkerPoolStats): void {
  stats.summariesBuilt += keepSummaries(builds, outputs);
  stats.summaryFolds += folded;
}
