/**
 * A narrowed scan's row gather on the query workers (`ScanOptions.gather`): the selected rows of a
 * partition are split between the workers, and each copies its share of every column into arrays on
 * shared memory, which the batch then holds. Each row is a random access into a column much larger than
 * the caches, so one thread waits on memory most of the time (the bench's sample_by_host, 26K rows of
 * two DOUBLE columns: 1.6–1.9 ms on one thread, 0.5–0.8 ms split over two). Few rows, and columns the
 * workers cannot read in place (not on shared memory, var-size, exact 64-bit values), gather here.
 */
import { Types } from '../data/column-type';
import { elementsPerRow, Vector } from '../data/vector';
import { RowGather } from '../extension/storage-engine';
import { gather } from '../sql/vector/vector-ops';
import { cached } from './kernel-source';
import { ParallelStep } from './parallel-step';
import { QueryWorkers, TaskSpec } from './query-workers';
import { int32Pool } from './shared-array-pool';
import { sharedBuffer } from '../data/shared-buffers';

/** Below this many rows a gather stays on the request thread: a round trip costs about as much. */
export const MIN_PARALLEL_GATHER_ROWS = 8192;

/** The row lists sent to the workers, kept between gathers (the gathered columns go on with their batch). */
const selections = int32Pool(2);

type Kind = 'f64' | 'i32';

function kindOf(v: Vector): Kind | undefined {
  if (v.offsets || v.exact || elementsPerRow(v.type) !== 1 || !(v.data.buffer instanceof SharedArrayBuffer)) return undefined;
  return v.data instanceof Float64Array ? 'f64' : v.data instanceof Int32Array ? 'i32' : undefined;
}

/**
 * Kernel source gathering `cols[0]` (the rows) of `cols[1..m]` into `cols[m+1..2m]`; the kinds are part of
 * the text, so each mix of array kinds is its own function (one kind of array per access site).
 */
export function gatherKernelSource(kinds: readonly Kind[]): string {
  return cached(JSON.stringify(['gather', kinds]), () => {
    const m = kinds.length;
    const loads = kinds.map((_k, c) => `c${c} = cols[${c + 1}], o${c} = cols[${c + 1 + m}]`).join(', ');
    const copy = kinds.map((_k, c) => `o${c}[j] = c${c}[r];`).join(' ');
    return `/* gather ${kinds.join(',')} */ const s = cols[0], ${loads}, B = rt.block; `
      + `for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; `
      + `for (let j = b; j < e; j++) { const r = s[j]; ${copy} } } return {};`;
  });
}

/** `step`: the query's parallel step, made on the first gather that goes to the workers. */
export function parallelGather(workers: QueryWorkers, step: () => ParallelStep): RowGather {
  return async (vectors, rows) => {
    const n = rows.length;
    if (n < MIN_PARALLEL_GATHER_ROWS || !vectors.some((v) => kindOf(v) !== undefined)) return vectors.map((v) => gather(v, rows, n));
    const sel = selections.take(n);
    sel.set(rows);
    try {
      // The request thread gathers the first share itself while the workers take the others: one thread
      // fewer to wake, and none waiting for a core (posting to a woken worker on a 2-core machine measured
      // 0.7–1 ms one time in five, the request thread preempted).
      return await gatherShares(workers, step(), vectors, sel, n, true);
    } finally {
      selections.give([sel]);
    }
  };
}

/**
 * Rows `rows[0..n)` of `vectors` (undefined entries are left out), the columns the workers can read in place
 * gathered by them into shared arrays in `workers.size` shares (the first by this thread when `hereToo`), the
 * others here. Resolves once every share is done; `rows` is free again then.
 */
export async function gatherShares(workers: QueryWorkers, step: ParallelStep, vectors: readonly (Vector | undefined)[], rows: Int32Array, n: number,
  hereToo: boolean): Promise<Vector[]> {
  const kinds = vectors.map((v) => (v ? kindOf(v) : undefined));
  const shared = vectors.filter((_v, k) => kinds[k] !== undefined) as Vector[];
  const picked = kinds.filter((k): k is Kind => k !== undefined);
  const outs = picked.map((k) => (k === 'f64' ? new Float64Array(sharedBuffer(n * 8)) : new Int32Array(sharedBuffer(n * 4))));
  if (picked.length > 0) {
    const source = gatherKernelSource(picked);
    const columns = [rows, ...shared.map((v) => v.data), ...outs];
    const specs: TaskSpec[] = Array.from({ length: workers.size }, (_x, p) => (
      { source, columns, lo: Math.floor((n * p) / workers.size), hi: Math.floor((n * (p + 1)) / workers.size), args: [] }));
    const rest = workers.runAll(hereToo ? specs.slice(1) : specs, step);
    try {
      if (hereToo) workers.runHere(specs.slice(0, 1), step);
    } finally {
      await rest;
    }
  }
  let next = 0;
  return vectors.map((v, k) => {
    if (!v) return { type: Types.NULL, data: new Float64Array(0) };
    return kinds[k] === undefined ? gather(v, rows, n) : { type: v.type, data: outs[next++], symbols: v.symbols, exact: undefined };
  });
}
