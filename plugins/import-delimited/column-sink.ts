/**
 * One table column of the batch being built: converts a field's bytes into the column's in-memory layout
 * (core/data/vector.ts). `append` returns false on a conversion error and then appends nothing, so the
 * caller applies the atomicity rule. Each batch gets fresh arrays (`build` hands the
 * old ones to the writer).
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
  abstract appendNull(): void;
  /** Drops rows from `rows` on (a row rejected after some of its columns were appended). */
  truncate(rows: number): void { this.rows = rows; }
  abstract build(): Vector;
}

/** Fixed-width values in one typed array; subclasses convert. */
export abstract class FixedSink extends ColumnSink {
  protected data: FixedArray;
  constructor(type: ColumnType, capacity: number, private readonly nullValue: number) {
    super(type, capacity);
    this.data = allocateData(type, capacity);
  }
  appendNull(): void { this.data[this.rows++] = this.nullValue; }
  build(): Vector {
    const v: Vector = { type: this.type, data: this.data.subarray(0, this.rows) };
    this.data = allocateData(this.type, this.capacity);
    this.rows = 0;
    return v;
  }
}
