/**
 * Binary field values (`name==<type><payload>`), as the official clients send them when the server advertises
 * protocol 2 or 3 (and as QuestDB accepts them regardless):
 *
 * | Type byte | Payload |
 * |---|---|
 * | 16 DOUBLE | 8 bytes, little-endian float64 |
 * | 14 ARRAY | element type (10 DOUBLE, 33 NULL), dims (1..32), dims × int32 LE extents, row-major float64 LE |
 * | 23 DECIMAL (v3) | scale (0..76), length, unscaled value: big-endian two's complement (at most 256 bits) |
 * | 6 BOOLEAN, 2 FLOAT, 3 INTEGER, 15 LONG, 13 TIMESTAMP | 1, 4, 4, 8 bytes; TIMESTAMP: unit byte + 8 bytes |
 *
 * Payload bytes may be anything (also `\n`), so a line holding them can only be split after decoding.
 */
import { ARRAY_ELEMENT_DOUBLE, ARRAY_ELEMENT_NULL, ARRAY_MAX_DIMS, BinaryType, IlpType } from './ilp-type';
import { TimeUnit } from './time-unit';

export const BINARY_NEED_MORE = -1;
export const BINARY_FAILED = -2;

const MAX_DECIMAL_SCALE = 76;
const MAX_DECIMAL_BYTES = 32;
const MAX_ARRAY_ELEMENTS = 0x7fffffff;

export class BinaryValue {
  type = 0;
  number = 0;
  big: bigint | undefined;
  /** ARRAY: dimension count, extents and where the elements start; `isNull` for a NULL array. */
  dims = 0;
  readonly shape = new Int32Array(ARRAY_MAX_DIMS);
  elementsAt = 0;
  elementCount = 0;
  isNull = false;
  /** TIMESTAMP: given in nanoseconds, and the nanoseconds the µs `number` leaves out (signed). */
  nanos = false;
  sub = 0;
  /** DECIMAL: the value as text (`-12.345`), or undefined for NULL. */
  decimalText: string | undefined;
  /** After BINARY_NEED_MORE: bytes needed from the type byte on. After BINARY_FAILED: QuestDB's state name. */
  need = 0;
  failure = '';
  private readonly scratch = new Uint8Array(8);
  private readonly f64 = new Float64Array(this.scratch.buffer);
  private readonly f32 = new Float32Array(this.scratch.buffer, 0, 1);
  private readonly i32 = new Int32Array(this.scratch.buffer, 0, 1);
  private readonly i64 = new BigInt64Array(this.scratch.buffer);

  /** Decodes the value whose type byte is at `b[p]`; the position after it, or BINARY_NEED_MORE / BINARY_FAILED. */
  parse(b: Uint8Array, p: number, end: number): number {
    if (p >= end) return this.more(1);
    this.big = undefined;
    this.isNull = false;
    const t = b[p];
    switch (t) {
      case BinaryType.DOUBLE: return this.fixed(b, p, end, 8, IlpType.FLOAT);
      case BinaryType.FLOAT: return this.fixed(b, p, end, 4, IlpType.FLOAT);
      case BinaryType.INTEGER: return this.fixed(b, p, end, 4, IlpType.INTEGER);
      case BinaryType.LONG: return this.fixed(b, p, end, 8, IlpType.INTEGER);
      case BinaryType.BOOLEAN: return this.fixed(b, p, end, 1, IlpType.BOOLEAN);
      case BinaryType.TIMESTAMP: return this.timestamp(b, p, end);
      case BinaryType.ARRAY: return this.array(b, p, end);
      case BinaryType.DECIMAL: return this.decimal(b, p, end);
      default: return this.fail('UNSUPPORTED_BINARY_FORMAT');
    }
  }

  private fixed(b: Uint8Array, p: number, end: number, size: number, type: number): number {
    if (p + 1 + size > end) return this.more(1 + size);
    this.load(b, p + 1, size);
    this.type = type;
    const t = b[p];
    // ±Infinity is DOUBLE's NULL here as in text (`Infinity`): the same value stores the same way whatever the encoding.
    if (t === BinaryType.DOUBLE) this.number = finiteOrNaN(this.f64[0]);
    else if (t === BinaryType.FLOAT) this.number = finiteOrNaN(this.f32[0]);
    else if (t === BinaryType.INTEGER) this.number = this.i32[0];
    else if (t === BinaryType.BOOLEAN) this.number = b[p + 1] === 1 ? 1 : 0;
    else this.setLong(this.i64[0]);
    return p + 1 + size;
  }

  private timestamp(b: Uint8Array, p: number, end: number): number {
    if (p + 10 > end) return this.more(10);
    const unit = b[p + 1];
    this.load(b, p + 2, 8);
    const raw = this.i64[0];
    this.type = IlpType.TIMESTAMP;
    this.nanos = unit === TimeUnit.NANOS;
    this.sub = this.nanos ? Number(raw % 1000n) : 0;
    this.setLong(this.nanos ? raw / 1000n : unit === TimeUnit.MILLIS ? raw * 1000n : raw);
    return p + 10;
  }

  private array(b: Uint8Array, p: number, end: number): number {
    if (p + 2 > end) return this.more(2);
    this.type = IlpType.ARRAY;
    const elem = b[p + 1];
    if (elem === ARRAY_ELEMENT_NULL) return this.nullArray(p + 2);
    if (elem !== ARRAY_ELEMENT_DOUBLE) return this.fail('ARRAY_INVALID_TYPE');
    if (p + 3 > end) return this.more(3);
    const dims = b[p + 2];
    if (dims > ARRAY_MAX_DIMS) return this.fail('ARRAY_TOO_MANY_DIMENSIONS');
    if (dims === 0) return this.nullArray(p + 3);
    const shapeAt = p + 3;
    if (shapeAt + dims * 4 > end) return this.more(3 + dims * 4);
    let count = 1;
    for (let d = 0; d < dims; d++) {
      const o = shapeAt + d * 4;
      const extent = (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24));
      if (extent < 0) return this.fail('ARRAY_TOO_LARGE');
      this.shape[d] = extent;
      count *= extent;
      // Every prefix product is bounded: a zero extent after huge ones ([2147483647, 2147483647, 0]) is refused too.
      if (count > MAX_ARRAY_ELEMENTS) return this.fail('ARRAY_TOO_LARGE');
    }
    // A zero extent anywhere: the empty array, whatever the other extents (QuestDB reads it as `[]`); its
    // shape is stored all zeros (core/data/array-shape.ts), so no reader walks the outer extents.
    if (count === 0) this.shape.fill(0, 0, dims);
    this.dims = dims;
    this.elementsAt = shapeAt + dims * 4;
    this.elementCount = count;
    const after = this.elementsAt + count * 8;
    if (after > end) return this.more(after - p);
    return after;
  }

  private nullArray(after: number): number {
    this.isNull = true;
    this.dims = 0;
    this.elementCount = 0;
    return after;
  }

  /** Scale, length, then the unscaled value; bytes beyond the 32 a 256-bit value holds must be zero. */
  private decimal(b: Uint8Array, p: number, end: number): number {
    if (p + 3 > end) return this.more(3);
    const scale = b[p + 1];
    const length = b[p + 2];
    if (scale > MAX_DECIMAL_SCALE) return this.fail('DECIMAL_INVALID_SCALE');
    if (p + 3 + length > end) return this.more(3 + length);
    let at = p + 3;
    let size = length;
    if (size > MAX_DECIMAL_BYTES) {
      for (const stop = at + size - MAX_DECIMAL_BYTES; at < stop; at++) if (b[at] !== 0) return this.fail('DECIMAL_OVERFLOW');
      size = MAX_DECIMAL_BYTES;
    }
    this.type = IlpType.DECIMAL;
    this.decimalText = size === 0 ? undefined : decimalText(b, at, size, scale);
    return p + 3 + length;
  }

  private setLong(v: bigint): void {
    this.number = Number(v);
    if (v > 9007199254740991n || v < -9007199254740991n) this.big = v;
  }

  private load(b: Uint8Array, at: number, size: number): void {
    for (let k = 0; k < size; k++) this.scratch[k] = b[at + k];
  }

  private more(bytes: number): number {
    this.need = bytes;
    return BINARY_NEED_MORE;
  }

  private fail(state: string): number {
    this.failure = state;
    return BINARY_FAILED;
  }
}

function finiteOrNaN(v: number): number {
  return v === Infinity || v === -Infinity ? NaN : v;
}

/** The decimal `unscaled × 10^-scale` from big-endian two's complement bytes, as plain text. */
export function decimalText(b: Uint8Array, at: number, length: number, scale: number): string {
  let digits: string;
  let neg: boolean;
  if (length <= 6) {
    // Up to 48 bits: exact in a double.
    let v = 0;
    for (let k = 0; k < length; k++) v = v * 256 + b[at + k];
    if (b[at] & 0x80) v -= 2 ** (length * 8);
    neg = v < 0;
    digits = String(neg ? -v : v);
  } else {
    let v = 0n;
    for (let k = 0; k < length; k++) v = (v << 8n) | BigInt(b[at + k]);
    if (b[at] & 0x80) v -= 1n << BigInt(length * 8);
    neg = v < 0n;
    digits = (neg ? -v : v).toString();
  }
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  }
  return neg ? `-${digits}` : digits;
}
