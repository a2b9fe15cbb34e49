/**
 * A GROUP BY on one number key whose values are whole numbers, or doubles of at most four decimals, over
 * a short range (prices, quantities, small counters): grouped like a SYMBOL key, by dense arrays indexed
 * by the rounded scaled key, in two worker steps (dense-kernel-source.ts):
 * 1. probe: each range finds its least and greatest key (the scale S is the least of 1, 10, … 10,000
 *    that makes a sample of the first frame's keys whole numbers);
 * 2. dense: each range counts and folds into arrays of `max - min + 2` slots (NaN's first), checking that
 *    every key of a slot is the same, and notes each slot's first row ordinal, so the request thread can
 *    give the groups the one-table order.
 * Two keys in one slot (in a range or across ranges), no fitting scale, or a range wider than MAX_SLOTS
 * leave the query to the hash kernels; the probe costs one read of the key column, once per committed
 * column (key-range-memo.ts).
 */
import { KernelArg } from './kernel-task';
import { ColumnBatch } from '../data/column-batch';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import { denseKernelSource, probeKernelSource } from './dense-kernel-source';
import { FrameRange, frameRanges } from './frame-chunks';
import { keepRange, knownRange } from './key-range-memo';
import { KernelOutput } from './kernel-task';
import { ParallelStep } from './parallel-step';
import { QueryWorkers, TaskSpec } from './query-workers';
import { float64Pool } from './shared-array-pool';

/**
 * Shared memory the dense kernels carve their per-slot arrays from (KernelTask.slab), so the arrays reach the
 * request thread as views: fresh ones came back as structured-clone copies, ~18 MB of new ArrayBuffers a
 * highcard query (~9 MB with slabs), external memory that set off a full collection about every query.
 */
const outputSlabs = float64Pool(8);
const SCALES = [1, 10, 100, 1_000, 10_000];
const SAMPLE = 1024;
/** Slots of the dense arrays at most: per range and aggregate 2 MiB, within a core's L2 cache. */
export const MAX_SLOTS = 1 << 18;

/**
 * Dense runs that grouped their query, those whose keys did not fit after the probe, and probe tasks run
 * (for tests and diagnostics).
 */
export const denseStats = { runs: 0, misfits: 0, probes: 0 };

/** Dense outputs (in range order) and the key of each slot. */
export interface DenseRun {
  readonly outputs: KernelOutput[];
  readonly keys: Float64Array;
  /** The outputs' arrays are views on shared slabs: call once the outputs are read. */
  readonly release: () => void;
}

/**
 * The least scale that makes every sampled key (about SAMPLE of `rows`) a whole number, or 0 when none
 * does or when the sample alone already spans more than MAX_SLOTS scaled values (a timestamp, an id: no
 * probe is spent on them).
 */
export function sampleScale(keys: FixedArray, rows: number): number {
  const stride = Math.max(1, Math.floor(rows / SAMPLE));
  let least = Infinity, greatest = -Infinity;
  for (let i = 0; i < rows; i += stride) {
    const x = Number(keys[i]);
    if (x === x) { least = Math.min(least, x); greatest = Math.max(greatest, x); }
  }
  for (const s of SCALES) {
    if (!(Math.round(greatest * s) - Math.round(least * s) < MAX_SLOTS) && least <= greatest) return 0;
    let whole = true;
    for (let i = 0; i < rows && whole; i += stride) {
      const x = Number(keys[i]) + 0;
      if (x === x && Math.round(x * s) / s !== x) whole = false;
    }
    if (whole) return s;
  }
  return 0;
}

/** The dense run, or undefined when the keys do not fit it. */
export async function denseAggregate(plan: Pick<AggregatePlan, 'shape' | 'slots'>, frames: readonly ColumnBatch[],
  args: readonly KernelArg[], workers: QueryWorkers, step: ParallelStep): Promise<DenseRun | undefined> {
  const keySlot = plan.slots[plan.shape.keyColumn];
  const scale = sampleScale(frames[0].vectors[keySlot].data, frames[0].rowCount);
  if (scale === 0) return undefined;
  const ranges = frameRanges(frames, workers.size * 2);
  const columns = (frame: number): FixedArray[] => plan.slots.map((c) => frames[frame].vectors[c].data);
  const range = await keyRange(frames, keySlot, ranges, scale, probeKernelSource(plan.shape), columns, workers, step);
  // A key that is not its rounded scaled value over S (more decimals than the sample showed): hash kernels.
  if (range[2] === 0) { denseStats.misfits++; return undefined; }
  const least = range[0], greatest = range[1];
  let min = Math.round(least * scale), max = Math.round(greatest * scale);
  if (least > greatest) { min = 0; max = -1; }
  const slots = max - min + 2;
  if (!(slots <= MAX_SLOTS)) return undefined;
  const source = denseKernelSource(plan.shape);
  // The kernel's arrays: first rows (1), two per aggregate other than count(*), and the rows (1), each
  // one per slot (dense-kernel-source.ts).
  const perRange = slots * (2 + 2 * plan.shape.aggregates.filter((f) => f.op !== 'count').length);
  const slabs = ranges.map(() => outputSlabs.take(perRange));
  let at = 0;
  const specs: TaskSpec[] = ranges.map((r, k) => {
    const spec = { source, lo: r.lo, hi: r.hi, args: [...args, scale, min, slots, at], columns: columns(r.frame), slab: slabs[k] };
    at += r.hi - r.lo;
    return spec;
  });
  let outputs: KernelOutput[];
  try {
    outputs = await workers.runAll(specs, step);
  } catch (e) {
    // runAll throws once no task of the step runs any more.
    outputSlabs.give(slabs);
    throw e;
  }
  denseStats.runs++;
  return { outputs, keys: slotKeys(min, scale, slots), release: () => outputSlabs.give(slabs) };
}

/**
 * The least and greatest key of all frames and whether every key is exact at `scale` (`[min, max, exact]`):
 * frames whose whole settled key column was probed before take the kept answer (key-range-memo.ts), the
 * others are probed by the workers, and their answers are kept.
 */
async function keyRange(frames: readonly ColumnBatch[], keySlot: number, ranges: readonly FrameRange[], scale: number, probe: string,
  columns: (frame: number) => FixedArray[], workers: QueryWorkers, step: ParallelStep): Promise<Float64Array> {
  const keys = (frame: number): FixedArray => frames[frame].vectors[keySlot].data;
  const perFrame = frames.map((f, k) => knownRange(keys(k), f.rowCount, scale));
  const probed = ranges.filter((r) => !perFrame[r.frame]);
  if (probed.length > 0) {
    denseStats.probes += probed.length;
    const outputs = await workers.runAll(probed.map((r) => ({ source: probe, lo: r.lo, hi: r.hi, args: [scale], columns: columns(r.frame) })), step);
    const fresh = new Map<number, Float64Array>();
    probed.forEach((r, k) => fresh.set(r.frame, foldRange(fresh.get(r.frame) ?? emptyRange(), outputs[k].range ?? emptyRange())));
    for (const [frame, range] of fresh) {
      perFrame[frame] = range;
      keepRange(keys(frame), frames[frame].rowCount, scale, range);
    }
  }
  return perFrame.reduce<Float64Array>((all, r) => foldRange(all, r ?? emptyRange()), emptyRange());
}

function emptyRange(): Float64Array {
  return Float64Array.of(Infinity, -Infinity, 1);
}

function foldRange(a: Float64Array, b: Float64Array): Float64Array {
  return Float64Array.of(Math.min(a[0], b[0]), Math.max(a[1], b[1]), a[2] && b[2]);
}

/** The key of every slot: NaN for slot 0, `(slot - 1 + min) / scale` for the others (exact: the probe checked). */
export function slotKeys(min: number, scale: number, slots: number): Float64Array {
  const keys = new Float64Array(slots);
  keys[0] = NaN;
  for (let g = 1; g < slots; g++) keys[g] = (g - 1 + min) / scale;
  return keys;
}
