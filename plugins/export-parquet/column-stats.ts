/**
 * Min, max and null count of one column chunk (parquet.thrift Statistics, fields 3, 5, 6), kept as
 * numbers or bytes while pages are written and encoded as plain values at the end.
 */
import { ThriftWriter } from './thrift-compact';
import { Physical } from './parquet-schema';

export function compareBytes(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  const n = Math.min(ae - as, be - bs);
  for (let k = 0; k < n; k++) {
    const d = a[as + k] - b[bs + k];
    if (d !== 0) return d;
  }
  return (ae - as) - (be - bs);
}

export class ColumnStats {
  nulls = 0;
  min = Infinity;
  max = -Infinity;
  minBig: bigint | undefined;
  maxBig: bigint | undefined;
  minBytes: Uint8Array | undefined;
  maxBytes: Uint8Array | undefined;

  number(x: number): void {
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }

  bigint(x: bigint): void {
    if (this.minBig === undefined || x < this.minBig) this.minBig = x;
    if (this.maxBig === undefined || x > this.maxBig) this.maxBig = x;
  }

  bytes(src: Uint8Array, start: number, end: number): void {
    const m = this.minBytes;
    if (m === undefined || compareBytes(src, start, end, m, 0, m.length) < 0) this.minBytes = src.slice(start, end);
    const x = this.maxBytes;
    if (x === undefined || compareBytes(src, start, end, x, 0, x.length) > 0) this.maxBytes = src.slice(start, end);
  }

  /** Writes the Statistics struct as field `id` of the open struct. */
  write(t: ThriftWriter, id: number, physical: Physical): void {
    t.struct(id).i64(3, this.nulls);
    const [min, max] = this.encoded(physical);
    if (min && max) t.binary(5, max).binary(6, min);
    t.end();
  }

  private encoded(physical: Physical): [Uint8Array | undefined, Uint8Array | undefined] {
    if (this.minBytes && this.maxBytes) return [this.minBytes, this.maxBytes];
    const hasBig = this.minBig !== undefined && this.maxBig !== undefined;
    if (!hasBig && this.min > this.max) return [undefined, undefined];
    const enc = (x: number, big: bigint | undefined): Uint8Array => {
      const b = new Uint8Array(physical === Physical.INT64 || physical === Physical.DOUBLE ? 8 : physical === Physical.BOOLEAN ? 1 : 4);
      const dv = new DataView(b.buffer);
      switch (physical) {
        case Physical.BOOLEAN: b[0] = x; break;
        case Physical.INT32: dv.setInt32(0, x, true); break;
        case Physical.INT64: dv.setBigInt64(0, big ?? BigInt(x), true); break;
        case Physical.FLOAT: dv.setFloat32(0, x, true); break;
        default: dv.setFloat64(0, x, true);
      }
      return b;
    };
    if (hasBig) {
      const lo = this.min <= this.max && BigInt(this.min) < (this.minBig as bigint) ? BigInt(this.min) : this.minBig as bigint;
      const hi = this.min <= this.max && BigInt(this.max) > (this.maxBig as bigint) ? BigInt(this.max) : this.maxBig as bigint;
      return [enc(0, lo), enc(0, hi)];
    }
    return [enc(this.min, undefined), enc(this.max, undefined)];
  }
}
