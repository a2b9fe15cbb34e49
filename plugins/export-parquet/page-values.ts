/**
 * The values of the page being filled, in plain layout: typed arrays for fixed-width types (copied
 * out as bytes at the end of the page), a byte buffer of length-prefixed values for BYTE_ARRAY, and
 * dictionary indices for SYMBOL. Levels are kept one byte per entry.
 */
import { ByteOutput } from '../export-csv/byte-output';

function grow<T extends Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

export class PageValues {
  /** Level entries in the page (rows, or list elements for LIST columns). */
  count = 0;
  rows = 0;
  nulls = 0;
  /** Fixed values written (non-null). */
  fixed = 0;
  defs = new Uint8Array(1024);
  reps = new Uint8Array(0);
  f64 = new Float64Array(0);
  f32 = new Float32Array(0);
  i32 = new Int32Array(0);
  /** INT64 as (lo, hi) word pairs. */
  i64 = new Uint32Array(0);
  u8 = new Uint8Array(0);
  readonly bytes = new ByteOutput(64 * 1024);

  /** Room for `levels` more level entries (and repetition levels when `repeated`). */
  levels(levels: number, repeated: boolean): void {
    this.defs = grow(this.defs, this.count + levels);
    if (repeated) this.reps = grow(this.reps.length === 0 ? new Uint8Array(1024) : this.reps, this.count + levels);
  }

  ensureF64(n: number): void { this.f64 = grow(this.f64, this.fixed + n); }
  ensureF32(n: number): void { this.f32 = grow(this.f32, this.fixed + n); }
  ensureI32(n: number): void { this.i32 = grow(this.i32, this.fixed + n); }
  ensureI64(n: number): void { this.i64 = grow(this.i64, (this.fixed + n) * 2); }
  ensureU8(n: number): void { this.u8 = grow(this.u8, this.fixed + n); }

  reset(): void {
    this.count = 0; this.rows = 0; this.nulls = 0; this.fixed = 0;
    this.bytes.pos = 0;
  }
}
