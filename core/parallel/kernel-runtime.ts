/**
 * What a generated kernel calls besides its columns (`rt`): the scratch selection vector, the block size,
 * the cancellation check between blocks, and allocation of group arrays and hash tables against the
 * query's shared memory budget. One per task; the same code runs in a worker or, for a small range, on
 * the main thread.
 */
import { FixedArray } from '../data/vector';
import { KernelArg, KernelOutput } from './kernel-task';
import { PackedNumberTable } from './packed-number-table';
import { BudgetExceeded, growShared } from './shared-memory-budget';
import { expectedGroups, rememberGroups } from './group-count-memory';
import { isCancelled } from './cancel-flag';

/** Rows per block: a block's selection and column slices stay in the core's L2 cache. */
export const BLOCK_ROWS = 16384;

export type KernelFunction = (cols: readonly FixedArray[], lo: number, hi: number, a: readonly KernelArg[], rt: KernelRuntime) => KernelOutput | null;

/** One selection vector per thread: kernels run one at a time on a thread. */
let scratch: Int32Array | undefined;
/** One byte per row of a scatter kernel's range (its rows' partitions), per thread, grown as needed. */
let partitionBytes = new Uint8Array(0);
/** The same rows' key hashes. */
let rowHashes = new Int32Array(0);
/** A dense kernel's per-slot row counts (copied into its output as doubles before it returns). */
let slotCounts = new Int32Array(0);

/** The groups of radix partitions, concatenated in partition order. */
export interface KeptGroups {
  readonly keys: Float64Array;
  readonly presence: Float64Array;
  readonly firsts: Float64Array;
  readonly fields: Float64Array[];
}

export class KernelRuntime {
  readonly block = BLOCK_ROWS;
  readonly sel: Int32Array;
  /** Blocks started so far (a cancelled kernel reports how far it got). */
  blocks = 0;

  /** The hash table the kernel made, if any (its group count is remembered for the next run). */
  private made?: PackedNumberTable;
  /** A key is written to `f64[0]` to read its bits as `u32[0]` (low) and `u32[1]` (high). */
  readonly f64 = new Float64Array(1);
  readonly u32 = new Uint32Array(this.f64.buffer);
  /** Radix partitions' extracted groups so far, and the most groups one of them had. */
  private readonly parts: ReturnType<PackedNumberTable['extract']>[] = [];
  private readonly partFirsts: Float64Array[] = [];
  private mostGroups = 0;

  /** Doubles of `slab` handed out so far. */
  private slabUsed = 0;

  /** `rows`: the task's range, which bounds the groups it can make (and so its first table). */
  constructor(private readonly cancel: Int32Array, private readonly budget: Int32Array, private readonly source: string,
    private readonly rows: number, readonly selection?: Int32Array, private readonly slab?: Float64Array) {
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
    const slab = this.slab;
    if (slab && this.slabUsed + n <= slab.length) {
      const out = slab.subarray(this.slabUsed, this.slabUsed + n);
      this.slabUsed += n;
      out.fill(0);
      return out;
    }
    return new Float64Array(n);
  }

  /** Zeroed per-slot row counts, this thread's (valid until the next kernel), counted against the budget. */
  counts(n: number): Int32Array {
    growShared(this.budget, n * 4, 'GROUP BY keys');
    if (slotCounts.length < n) slotCounts = new Int32Array(n);
    else slotCounts.fill(0, 0, n);
    return slotCounts;
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

  /** A scratch byte per row for `n` rows (contents undefined). */
  bytes(n: number): Uint8Array {
    if (partitionBytes.length < n) partitionBytes = new Uint8Array(Math.max(n, partitionBytes.length * 2));
    return partitionBytes;
  }

  /** A scratch hash per row for `n` rows (contents undefined). */
  hashes(n: number): Int32Array {
    if (rowHashes.length < n) rowHashes = new Int32Array(Math.max(n, rowHashes.length * 2));
    return rowHashes;
  }

  /**
   * The table of one radix partition of `rows` records, keeping first row ordinals: sized for the most
   * groups a partition of the same kernel had last time on this thread (at most `rows`), at a quarter
   * load so that probes rarely step.
   */
  partitionTable(stride: number, rows: number): PackedNumberTable {
    const seen = expectedGroups(this.source);
    const expected = Math.min(seen > 0 ? seen : 1024, rows);
    try {
      return new PackedNumberTable(stride, this.budget, expected * 4, true);
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
      return new PackedNumberTable(stride, this.budget, 16, true);
    }
  }

  /** Takes a finished partition's groups out of its table, which gives its memory back. */
  keep(table: PackedNumberTable): void {
    const groups = table.extract(), firsts = table.firstOrdinals();
    growShared(this.budget, groups.keys.length * 8 * (3 + groups.fields.length), 'GROUP BY keys');
    this.parts.push(groups);
    this.partFirsts.push(firsts.slice());
    this.mostGroups = Math.max(this.mostGroups, table.size);
    table.release();
  }

  /** Every kept partition's groups in order (`fields` arrays each). */
  kept(fields: number): KeptGroups {
    const concat = (pick: (k: number) => Float64Array): Float64Array => {
      const n = this.parts.reduce((s, p) => s + p.keys.length, 0);
      const out = new Float64Array(n);
      let at = 0;
      for (let k = 0; k < this.parts.length; k++) { const a = pick(k); out.set(a, at); at += a.length; }
      return out;
    };
    return {
      keys: concat((k) => this.parts[k].keys),
      presence: concat((k) => this.parts[k].presence),
      firsts: concat((k) => this.partFirsts[k]),
      fields: Array.from({ length: fields }, (_, f) => concat((k) => this.parts[k].fields[f])),
    };
  }

  /** Called when the kernel has finished: remembers its group count. */
  finished(): void {
    if (this.made) rememberGroups(this.source, this.made.size);
    else if (this.parts.length > 0) rememberGroups(this.source, this.mostGroups);
  }
}
