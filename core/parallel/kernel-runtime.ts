/**
 * What a generated kernel calls besides its columns (`rt`): the scratch selection vector, the block size,
 * the cancellation check between blocks, and allocation of group arrays and hash tables against the
 * query's shared memory budget. One per task; the same code runs in a worker or, for a small range, on
 * the main thread.
 */
import { FixedArray } from '../data/vector';
import { KernelOutput } from './kernel-task';
import { PackedNumberTable } from './packed-number-table';
import { BudgetExceeded, growShared } from './shared-memory-budget';
import { expectedGroups, rememberGroups } from './group-count-memory';
import { isCancelled } from './cancel-flag';

/** Rows per block: a block's selection and column slices stay in the core's L2 cache. */
export const BLOCK_ROWS = 16384;

export type KernelFunction = (cols: readonly FixedArray[], lo: number, hi: number, a: readonly number[], rt: KernelRuntime) => KernelOutput | null;

/** One selection vector per thread: kernels run one at a time on a thread. */
let scratch: Int32Array | undefined;

export class KernelRuntime {
  readonly block = BLOCK_ROWS;
  readonly sel: Int32Array;
  /** Blocks started so far (a cancelled kernel reports how far it got). */
  blocks = 0;

  /** The hash table the kernel made, if any (its group count is remembered for the next run). */
  private made?: PackedNumberTable;

  /** `rows`: the task's range, which bounds the groups it can make (and so its first table). */
  constructor(private readonly cancel: Int32Array, private readonly budget: Int32Array, private readonly source: string,
    private readonly rows: number, readonly selection?: Int32Array) {
    this.sel = scratch ??= new Int32Array(BLOCK_ROWS);
  }

  /** True when the query was cancelled: the kernel returns null at once. Called once per block. */
  stopped(): boolean {
    this.blocks++;
    return isCancelled(this.cancel);
  }

  /** A zeroed array of per-group values, counted against the query's memory budget. */
  zeros(n: number): Float64Array {
    growShared(this.budget, n * 8, 'GROUP BY keys');
    return new Float64Array(n);
  }

  /** A hash table for number keys whose group rows are `stride` doubles (key, rows, fields). */
  /** Starts at the size the same kernel needed last time on this thread (below 70% load), if the budget allows. */
  table(stride: number): PackedNumberTable {
    const expected = Math.min(expectedGroups(this.source), this.rows);
    try {
      this.made = new PackedNumberTable(stride, this.budget, expected > 0 ? Math.ceil((expected * 10) / 7) + 1 : undefined);
    } catch (e) {
      if (!(e instanceof BudgetExceeded) || expected === 0) throw e;
      this.made = new PackedNumberTable(stride, this.budget);
    }
    return this.made;
  }

  /** Called when the kernel has finished: remembers its group count. */
  finished(): void {
    if (this.made) rememberGroups(this.source, this.made.size);
  }
}
