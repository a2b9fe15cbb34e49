/**
 * One table column of the batch being built: converts a field's bytes into the column's in-memory layout
 * (core/data/vector.ts). `append` returns false on a conversion error and then appends nothing, so the
 * caller applies the atomicity rule. Each batch gets fresh arrays (`build` hands the
 * old ones to the writer), unless the batch is only lent: copied before the sink appends again.
 */
import { ColumnType } from '../../core/data/column-type';
import { allocateData, FixedArray, Vector } from '../../core/data/vector';

/** The hot sink classes, so the parser can call each through its own monomorphic call site. */
export const enum SinkKind { Other, Double, Temporal, Symbol, Bytes, Integer }

export abstract class ColumnSink {
  rows = 0;
  readonly kind: SinkKind = SinkKind.Other;
  constructor(readonly type: ColumnType, protected readonly capacity: number) {}
  abstract append(b: Uint8Array, s: number, e: number): boolean;
  /**
   * The fast path for a field without quotes that starts at `p` (not empty): appends it and returns the
   * position of the byte that ends it, which the caller checks is a delimiter or line end (`stops[byte]`
   * 1), truncating otherwise; or -1 with nothing appended (the bytes end first, or the value does not
   * convert: the caller parses the record the slow way, which decides). Subclasses read the value as they
   * find its end.
   */
  appendUntil(b: Uint8Array, p: number, end: number, stops: Uint8Array): number {
    let q = p;
    while (q < end && stops[b[q]] === 0) q++;
    if (q >= end) return -1;
    return this.append(b, p, q) ? q : -1;
  }
  abstract appendNull(): void;
  /** Drops rows from `rows` on (a row rejected after some of its columns were appended). */
  truncate(rows: number): void { this.rows = rows; }
  /**
   * The rows so far as a vector; the sink starts over. `lend`: the caller copies the vector before the next
   * append (a parse worker into its shared slab), so the sink keeps its arrays and hands out views.
   */
  abstract build(lend?: boolean): Vector;
}

/** Fixed-width values in one typed array; subclasses convert. */
export abstract class FixedSink extends ColumnSink {
  protected data: FixedArray;
  constructor(type: ColumnType, capacity: number, private readonly nullValue: number) {
    super(type, capacity);
    this.data = allocateData(type, capacity);
  }
  appendNull(): void { this.data[this.rows++] = this.nullValue; }
  build(lend = false): Vector {
    const n = this.rows;
    this.rows = 0;
    if (lend) return { type: this.type, data: this.data.subarray(0, n) };
    if (isShort(n, this.capacity)) return { type: this.type, data: this.data.slice(0, n) };
    const v: Vector = { type: this.type, data: this.data.subarray(0, n) };
    this.data = allocateData(this.type, this.capacity);
    return v;
  }
}

/**
 * A batch ended well before its capacity (the parse workers end one at every ~1 MiB piece of the upload):
 * its rows are copied out and the sink keeps its arrays, so a batch costs what it holds, not a full-size
 * allocation the writer's thread then has to collect.
 */
export function isShort(rows: number, capacity: number): boolean {
  return rows * 2 < capacity;
}
