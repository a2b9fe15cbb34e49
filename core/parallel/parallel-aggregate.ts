/**
 * GROUP BY and aggregates in the worker pool: the scan's frames are cut into row ranges, each range runs
 * the query shape's kernel in a worker, and the partial aggregates merge on the main thread in range
 * order. Chosen at execution (GroupBy asks first): only with a pool, for a shape aggregate-plan.ts
 * accepts, and when the scan touches at least `cairo.sql.parallel.min.rows` rows; a range list smaller
 * than that after interval pruning runs the same kernels on the main thread. An ungrouped, unfiltered
 * scan folds the whole blocks of its frames from block summaries (summary-aggregate.ts) and scans only the rest.
 */
import { ColumnBatch } from '../data/column-batch';
import { SymbolTable } from '../data/symbol-table';
import { checkAborted, ExecContext } from '../sql/plan';
import { aggregatePlan, AggregatePlan, GroupByParts } from './aggregate-plan';
import { aggregateOutput } from './aggregate-output';
import { boundedFrames } from './bounded-frames';
import { frameRanges } from './frame-chunks';
import { aggregateKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
import { ParallelStep } from './parallel-step';
import { TaskSpec } from './query-workers';
import { partitionBits, radixAggregate, rememberOutputGroups } from './radix-aggregate';
import { denseAggregate, DenseRun } from './dense-keys';
import { splitFrames, summaryRuns, summaryShape } from './summary-aggregate';
import { countSummaries } from './block-summary';
import { tupleAggregate } from './tuple-aggregate';
import { distinctCounts, distinctPairsParts } from './distinct-pairs';

/** Ranges per worker: more than one evens out a worker that is slowed down; hash partials cost a merge each. */
const RANGES_PER_WORKER = { none: 4, symbol: 4, number: 2, tuple: 4 };

/** The aggregated rows (aggregates, then the key), or undefined when the main thread's GroupBy should run. */
export async function parallelAggregate(node: GroupByParts, context: ExecContext): Promise<ColumnBatch | undefined> {
  const workers = context.workers;
  if (!workers || !workers.settings.groupBy) return undefined;
  const pairs = distinctPairsParts(node);
  if (pairs) {
    const grouped = await parallelAggregate(pairs, context);
    return grouped && distinctCounts(node, grouped);
  }
  const plan = aggregatePlan(node);
  // A scan its symbol values narrow reads few rows: it runs here (the workers' frames are whole partitions).
  if (!plan || plan.scan.symbolNarrowing(context) !== undefined || plan.scan.estimateRows(context) < workers.settings.minRows) return undefined;
  const frames = await boundedFrames(plan.scan.frames(context), plan.slots, workers.settings.maxFrameBytes ?? Infinity);
  if (!frames) return undefined;
  const rows = frames.reduce((s, f) => s + f.rowCount, 0);
  if (rows === 0 || !fits(plan, frames)) return undefined;
  if (plan.exactRows !== undefined && rows > plan.exactRows) return undefined;
  const code = plan.code ?? plan.filter;
  const args = code ? code.argsFor(frames[0].vectors, context) : [];
  let symbols: SymbolTable | undefined;
  if (plan.shape.key === 'symbol') {
    symbols = frames[0].vectors[plan.slots[plan.shape.keyColumn]].symbols;
    if (!symbols) return undefined;
    args.push(symbols.size + 1);
  }
  if (plan.shape.key === 'tuple') return tupleAggregate(node, plan, frames, rows, args, context);
  const source = aggregateKernelSource(plan.shape);
  // Large ungrouped scans fold whole blocks from block summaries and scan only the rest.
  const split = workers.settings.summaries !== false && rows >= workers.settings.minRows && summaryShape(plan) ? splitFrames(plan, frames, source, workers.size * RANGES_PER_WORKER.none) : undefined;
  const scanned = split?.scanned ?? frames;
  const specs: TaskSpec[] = frameRanges(scanned, workers.size * RANGES_PER_WORKER[plan.shape.key]).map((r) => ({
    source, lo: r.lo, hi: r.hi, args,
    columns: plan.slots.map((c) => scanned[r.frame].vectors[c].data),
  }));
  const step = new ParallelStep(context);
  let outputs: KernelOutput[] | undefined;
  let dense: DenseRun | undefined;
  try {
    if (rows < workers.settings.minRows) {
      outputs = workers.runHere(specs, step);
    } else {
      if (plan.shape.key === 'number') dense = await denseAggregate(plan, frames, args, workers, step);
      outputs = dense?.outputs;
      const bits = plan.shape.key === 'number' && !outputs ? partitionBits(source) : 0;
      if (bits > 0) outputs = await radixAggregate(plan, frames, args, bits, workers, step);
      if (split) {
        const builds = split.builds.specs.length;
        // Edges alone are a few blocks: they run here, with no round trip.
        const all = builds + specs.length > 0 ? await workers.runAll([...split.builds.specs, ...split.edges, ...specs], step) : workers.runHere(split.edges, step);
        countSummaries(split.builds, all.slice(0, builds), split.summed.length, workers.stats);
        // Each summed frame is a partial output of its own (an ungrouped output is one group).
        outputs = [...split.summed.map((f) => summaryRuns(plan, [f])), ...all.slice(builds)];
      }
      outputs ??= await workers.runAll(specs, step);
    }
  } finally {
    step.finish();
  }
  let result: ColumnBatch;
  try {
    checkAborted(context);
    result = aggregateOutput(node, plan, outputs, symbols, context, dense);
  } finally {
    dense?.release();
  }
  if (plan.shape.key === 'number') rememberOutputGroups(source, result.rowCount);
  return result;
}

/**
 * Runtime conditions the shape cannot know: every frame's key dictionary is the same (one reader), and
 * no LONG column read holds values beyond 2^53 (their doubles are not exact; the main thread keys them
 * by their bits).
 */
export function fits(plan: AggregatePlan, frames: readonly ColumnBatch[]): boolean {
  const keySlots = plan.shape.key === 'symbol' ? [plan.slots[plan.shape.keyColumn]]
    : plan.shape.key === 'tuple' ? [plan.slots[plan.shape.keyColumn], plan.slots[plan.shape.keyColumn2 ?? plan.shape.keyColumn]] : [];
  const tables = keySlots.map((k) => frames[0].vectors[k].symbols);
  return frames.every((f) => plan.slots.every((c) => f.vectors[c].exact === undefined) && keySlots.every((k, j) => f.vectors[k].symbols === tables[j]));
}
