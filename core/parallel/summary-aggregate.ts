/**
 * An ungrouped, unfiltered count(*)/sum/avg/min/max of FLOAT and DOUBLE columns folds block summaries
 * (block-summary.ts) instead of rows wherever a frame covers whole blocks of its partition's settled arrays:
 * a whole partition, or the part of one an interval keeps (its columns are views within the partition's
 * arrays, `settledOrigin` in core/data/settled-arrays.ts). The frame's rows before its first whole block and
 * after its last are *edges*, scanned by the shape's kernel over the partition's arrays; a frame with no whole
 * block, or whose columns are not such views, is left to the kernels. Summaries missing are built by the workers in the same
 * step as the edges and the other frames.
 */
import { ColumnBatch } from '../data/column-batch';
import { isSettledFloats, settledOrigin } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import { blockCount, knownSummary, missingSummaries, RECORD, SummaryBuilds, SUMMARY_BLOCK } from './block-summary';
import { KernelAggregate } from './kernel-shape';
import { KernelOutput } from './kernel-task';
import { TaskSpec } from './query-workers';

/** Whole blocks `[first, end)` of a partition's arrays (one per kernel column slot), holding `rows` rows: a frame's or a bucket run's. */
export interface SummedSpan {
  readonly arrays: readonly FixedArray[];
  readonly first: number;
  readonly end: number;
  readonly rows: number;
}

/** How an ungrouped scan's frames split between summaries and kernels. */
export interface SummarySplit {
  readonly summed: readonly SummedSpan[];
  /** Kernel tasks over the summed frames' edges. */
  readonly edges: readonly TaskSpec[];
  /** Frames left whole to the kernels. */
  readonly scanned: readonly ColumnBatch[];
  /** Summaries to build before the summed frames fold. */
  readonly builds: SummaryBuilds;
}

/** Whether the plan's aggregates fold from summaries: no key, no filter, count(*) or sum/min/max of a FLOAT or DOUBLE column. */
export function summaryShape(plan: AggregatePlan): boolean {
  return plan.shape.key === 'none' && !plan.filter && plan.shape.aggregates.every((f) => f.op === 'count' || (f.nulls === 'nan' && f.value === undefined));
}

/**
 * Splits `frames` for a plan of summaryShape: `source` is the shape's kernel (for the edges), `pieces` about
 * how many tasks summaries to build are cut into.
 */
export function splitFrames(plan: AggregatePlan, frames: readonly ColumnBatch[], source: string, pieces: number): SummarySplit {
  const summed: SummedSpan[] = [];
  const edges: TaskSpec[] = [];
  const scanned: ColumnBatch[] = [];
  for (const frame of frames) {
    const whole = wholeBlocks(plan, frame);
    if (!whole) { scanned.push(frame); continue; }
    summed.push(whole.frame);
    for (const [lo, hi] of whole.edges) if (hi > lo) edges.push({ source, lo, hi, args: [], columns: whole.frame.arrays });
  }
  return { summed, edges, scanned, builds: missingSummaries(summed.flatMap((f) => f.arrays), pieces) };
}

/** Where a frame's rows lie: its partition's settled arrays (one per kernel column slot) and the frame's first row in them. */
export interface FrameOrigin {
  readonly arrays: readonly FixedArray[];
  readonly offset: number;
}

/** The frame's origin when every kernel column is a settled FLOAT or DOUBLE array of its partition, or a view within one. */
export function frameOrigin(plan: AggregatePlan, frame: ColumnBatch): FrameOrigin | undefined {
  const origins = plan.slots.map((c) => settledOrigin(frame.vectors[c].data));
  const offset = origins[0]?.offset ?? 0;
  const length = origins[0]?.array.length ?? -1;
  if (origins.some((o) => !o || o.offset !== offset || o.array.length !== length || !isSettledFloats(o.array))) return undefined;
  return { arrays: origins.map((o) => (o as { array: FixedArray }).array), offset };
}

/**
 * The whole blocks `[first, end)` of rows `[lo, hi)` of arrays `length` long (the last block counts as whole
 * when the rows run to the end), and the rows `[from, to)` they hold; undefined when there is none.
 */
export function wholeBlockSpan(lo: number, hi: number, length: number): { first: number; end: number; from: number; to: number } | undefined {
  const first = Math.ceil(lo / SUMMARY_BLOCK);
  const end = hi === length ? blockCount(length) : Math.floor(hi / SUMMARY_BLOCK);
  if (end <= first) return undefined;
  return { first, end, from: first * SUMMARY_BLOCK, to: Math.min(length, end * SUMMARY_BLOCK) };
}

/** The frame's whole blocks and its edges (in its partition's row numbers), or undefined when it has no whole block to fold. */
function wholeBlocks(plan: AggregatePlan, frame: ColumnBatch): { frame: SummedSpan; edges: [number, number][] } | undefined {
  if (plan.slots.length === 0) return { frame: { arrays: [], first: 0, end: 0, rows: frame.rowCount }, edges: [] };
  const origin = frameOrigin(plan, frame);
  if (!origin) return undefined;
  const lo = origin.offset, hi = lo + frame.rowCount;
  const span = wholeBlockSpan(lo, hi, origin.arrays[0].length);
  if (!span) return undefined;
  return { frame: { arrays: origin.arrays, first: span.first, end: span.end, rows: span.to - span.from }, edges: [[lo, span.from], [span.to, hi]] };
}

/** Partial groups, one per summed span (their summaries all built), as a runs kernel gives one per run. */
export function summaryRuns(plan: AggregatePlan, spans: readonly SummedSpan[]): KernelOutput {
  const presence = Float64Array.from(spans, (f) => f.rows);
  const fields = plan.shape.aggregates.flatMap((f) => {
    if (f.op === 'count') return [presence, presence];
    const acc = new Float64Array(spans.length), cnt = new Float64Array(spans.length);
    spans.forEach((span, r) => {
      const records = knownSummary(span.arrays[f.column]);
      if (!records) throw new Error('block summary missing');
      [acc[r], cnt[r]] = fold(f, records, span.first, span.end);
    });
    return [acc, cnt];
  });
  return { presence, fields };
}

/** An aggregate's accumulator and count over blocks `[first, end)`, in block order (as a kernel folds its blocks). */
function fold(f: KernelAggregate, records: Float64Array, first: number, end: number): [number, number] {
  let acc = 0, count = 0;
  for (let b = first; b < end; b++) {
    const k = b * RECORD, n = records[k + 1];
    if (n === 0) continue;
    if (f.op === 'sum') {
      acc += records[k];
      count += n;
    } else {
      const x = f.op === 'min' ? records[k + 2] : records[k + 3];
      if (count === 0 || (f.op === 'min' ? x < acc : x > acc)) acc = x;
      count++;
    }
  }
  return [acc, count];
}
