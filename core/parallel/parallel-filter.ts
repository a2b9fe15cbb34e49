/**
 * WHERE over a table scan in the worker pool: the scan's frames are cut into row ranges, a worker runs
 * the compiled predicate over a range and writes its matching rows to a shared selection vector, and the
 * main thread gathers those rows into a batch, in range order, so rows keep the scan's order. Ranges
 * start at 64K rows and double up to 512K, and at most two per worker are in flight, so `LIMIT n` reads
 * little more than it needs and memory stays bounded; when the consumer stops, unstarted ranges are
 * dropped and running ones stop at their next block. A range's selected rows (8,192 or more) are gathered by
 * the workers too, in shares (parallel-gather.ts): each is a random access into columns larger than the caches
 * (430,000 rows of 21 columns cost the request thread ~300 ms), and meanwhile the request thread serves other
 * connections instead of waiting on memory.
 */
import { ColumnBatch } from '../data/column-batch';
import { CompiledFilter } from '../sql/compiled-filter';
import { TableScan } from '../sql/operators/table-scan';
import { ExecContext, PlanNode } from '../sql/plan';
import { gatherBatch, PassedOver } from '../sql/vector/vector-ops';
import { filterKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
import { ParallelStep } from './parallel-step';
import { QueryWorkers, TaskSpec } from './query-workers';
import { int32Pool } from './shared-array-pool';
import { gatherShares, MIN_PARALLEL_GATHER_ROWS } from './parallel-gather';

const FIRST_RANGE_ROWS = 1 << 16;
const MAX_RANGE_ROWS = 1 << 19;
/** A filtered scan of 10M rows needs about twenty selection vectors: a few are kept between queries. */
const selections = int32Pool(8);

interface InFlight {
  readonly frame: ColumnBatch;
  readonly spec: TaskSpec;
  readonly output: Promise<KernelOutput>;
}

/** Filters one batch on the main thread (a frame whose 64-bit values need the exact kernels). */
export type SerialFilter = (batch: ColumnBatch) => ColumnBatch | undefined;

/** The filtered rows from the workers, or undefined when this filter runs on the main thread. */
export function parallelFilter(filter: CompiledFilter | undefined, child: PlanNode, context: ExecContext, serial: SerialFilter,
  passed?: PassedOver): AsyncIterable<ColumnBatch> | undefined {
  const workers = context.workers;
  if (!workers || !workers.settings.filter || !filter) return undefined;
  if (!(child instanceof TableScan) || child.spec.reverse || child.spec.batchRows !== undefined) return undefined;
  // A scan its symbol values narrow reads few rows: it runs here (the workers' frames are whole partitions).
  if (child.symbolNarrowing(context) !== undefined || child.estimateRows(context) < workers.settings.minRows) return undefined;
  return filtered(filter, child, workers, context, serial, passed);
}

async function* filtered(filter: CompiledFilter, scan: TableScan, workers: QueryWorkers, context: ExecContext, serial: SerialFilter,
  passed: PassedOver | undefined): AsyncIterable<ColumnBatch> {
  const source = filterKernelSource({ filter: { body: filter.body, args: filter.argCount }, columns: filter.columns.length });
  const step = new ParallelStep(context);
  const pending: InFlight[] = [];
  const ahead = 2 * workers.size;
  let rangeRows = FIRST_RANGE_ROWS;
  try {
    for await (const frame of scan.frames(context)) {
      if (filter.needsExact(frame)) {
        // LONG values beyond 2^53 that doubles would round: this frame is filtered on the main thread, in order.
        while (pending.length > 0) {
          const out = await take(pending, passed, workers, step);
          if (out) yield out;
        }
        const out = serial(frame);
        if (out) yield out;
        continue;
      }
      const args = filter.argsFor(frame.vectors, context);
      const columns = filter.columns.map((c) => frame.vectors[c].data);
      for (let lo = 0; lo < frame.rowCount;) {
        const hi = Math.min(frame.rowCount, lo + rangeRows);
        const spec: TaskSpec = { source, columns, lo, hi, args, selection: selections.take(MAX_RANGE_ROWS) };
        const output = workers.runAll([spec], step).then((o) => o[0]);
        // Settled even when nobody waits for it any more (the consumer stopped).
        output.catch(() => undefined);
        pending.push({ frame, spec, output });
        lo = hi;
        rangeRows = Math.min(MAX_RANGE_ROWS, rangeRows * 2);
        while (pending.length >= ahead) {
          const out = await take(pending, passed, workers, step);
          if (out) yield out;
        }
      }
    }
    while (pending.length > 0) {
      const out = await take(pending, passed, workers, step);
      if (out) yield out;
    }
  } finally {
    step.finish();
    // Ranges nobody took: their vectors are free once their workers have stopped writing.
    for (const p of pending.splice(0)) {
      const free = (): void => selections.give([p.spec.selection as Int32Array]);
      p.output.then(free, free);
    }
  }
}

/** The oldest range's rows, gathered from its frame (undefined when none matched); `passed` columns are not gathered. */
async function take(pending: InFlight[], passed: PassedOver | undefined, workers: QueryWorkers, step: ParallelStep): Promise<ColumnBatch | undefined> {
  const next = pending.shift() as InFlight;
  const selection = next.spec.selection as Int32Array;
  try {
    const n = (await next.output).selected ?? 0;
    if (n === 0) return undefined;
    if (n < MIN_PARALLEL_GATHER_ROWS) return gatherBatch(next.frame, selection, n, passed);
    const skipped = next.frame.vectors.map((_v, c) => passed?.(c, n));
    const vectors = await gatherShares(workers, step, next.frame.vectors.map((v, c) => (skipped[c] ? undefined : v)), selection, n, false);
    return { rowCount: n, vectors: vectors.map((v, c) => skipped[c] ?? v) };
  } finally {
    selections.give([selection]);
  }
}
