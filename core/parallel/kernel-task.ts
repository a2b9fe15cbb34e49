/**
 * What a query worker runs and answers (query-worker.ts; a step's tasks travel as one job, kernel-job.ts). A task is one generated
 * kernel over rows `[lo, hi)` of column arrays the worker reads in place: arrays on SharedArrayBuffers
 * (the column cache's) are shared by postMessage, not copied. Results come back as plain typed arrays,
 * copied (never transferred: run-kernel.ts). No message carries query text: `source` is built from fixed snippets (kernel-source.ts).
 */
import { FixedArray } from '../data/vector';

/** A kernel constant: a number, or a symbol predicate's mask over a dictionary (core/sql/symbol-mask.ts, on shared memory). */
export type KernelArg = number | Uint8Array;

export interface KernelTask {
  readonly id: number;
  /** The kernel's function body, parameters `(cols, lo, hi, a, rt)`; compiled once per distinct source. */
  readonly source: string;
  readonly columns: readonly FixedArray[];
  readonly lo: number;
  readonly hi: number;
  /** Constants the kernel reads as `a0, a1, …` (filter literals, symbol keys and masks, slot counts). */
  readonly args: readonly KernelArg[];
  /** Shared cancellation flag of the query: non-zero once it must stop (cancel-flag.ts). */
  readonly cancel: Int32Array;
  /** Shared hash-memory budget of the query, in KiB: [used, limit] (shared-memory-budget.ts). */
  readonly memory: Int32Array;
  /** Where a filter kernel writes its selection (row indexes), shared with the main thread. */
  readonly selection?: Int32Array;
  /** Shared memory the kernel's zeroed per-group arrays are carved from while it lasts (dense-keys.ts). */
  readonly slab?: Float64Array;
}

/** What a kernel returns: per-group partial aggregates, or the length of the selection it wrote. */
export interface KernelOutput {
  /** Hash-keyed kernels: the group keys in first-seen order (dense kernels: each slot's key). */
  readonly keys?: Float64Array;
  /** Rows per group (one group for ungrouped kernels, one per symbol slot for dense ones). */
  readonly presence?: Float64Array;
  /** Per aggregate: its accumulator array, then its count array (both `presence.length` long). */
  readonly fields?: readonly Float64Array[];
  /** Radix partition and dense kernels: the ordinal of each group's (slot's) first row in the scan. */
  readonly firsts?: Float64Array;
  /** Dense probe kernels: the least and greatest key, and 1 when every key is exact at the scale (else 0). */
  readonly range?: Float64Array;
  /** Radix scatter kernels: rows written per partition. */
  readonly partitionRows?: Float64Array;
  /** Filter kernels: rows written to the selection. */
  readonly selected?: number;
}

export type KernelReply =
  | { readonly id: number; readonly ok: true; readonly output: KernelOutput; readonly rows: number }
  | { readonly id: number; readonly ok: false; readonly reason: 'cancelled' | 'memory' | 'failed'; readonly message: string; readonly rows: number };
