/**
 * A BlockColumn's values into a DECIMAL(precision, scale) column, as QuestDB's LineWalAppender stores them:
 *
 * | Protocol type | Rule | Error |
 * |---|---|---|
 * | DECIMAL (`1.5d`, binary) | brought to the column's scale; only zero digits may be dropped | loss of precision; out of bounds when too many digits |
 * | INTEGER | exact, times 10^scale | out of bounds |
 * | FLOAT | its shortest text, read as a decimal of the column's scale | loss of precision |
 * | STRING | its text read as a decimal of the column's scale | value error |
 *
 * NaN, Infinity and absent values are NULL. Values of up to 15 digits never leave plain numbers.
 */
import { ColumnType } from '../../core/data/column-type';
import { DECIMAL_BYTES, precisionOf, scaleOf, setDecimal } from '../../core/data/decimal';
import { LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { BlockColumn } from './block-column';
import type { ConversionSource } from './column-conversion';
import { DecimalRead, DecimalReader } from './decimal-reader';
import { IlpType } from './ilp-type';
import { LineError, LineMessages } from './line-error';

const TWO_32 = 4294967296;
const MAX_SAFE = 9007199254740991;

/** Whether values of protocol type `type` may go into a DECIMAL column. */
export function decimalCastAllowed(type: number): boolean {
  return type === IlpType.DECIMAL || type === IlpType.INTEGER || type === IlpType.FLOAT || type === IlpType.STRING;
}

/** The values of `c` as a DECIMAL vector of type `to`, or the error of the first bad row. */
export function convertToDecimal(c: BlockColumn, to: ColumnType, src: ConversionSource): Vector | LineError {
  const n = src.rows;
  const out = new Uint8Array(Math.max(1, n) * DECIMAL_BYTES);
  const view = new DataView(out.buffer);
  const precision = precisionOf(to);
  const scale = scaleOf(to);
  const reader = new DecimalReader();
  const limit = new DigitLimit(precision);
  const fail = (message: string, row: number): LineError => new LineError(message, src.lines[row]);
  for (let i = 0; i < n; i++) {
    switch (c.type) {
      case IlpType.DECIMAL: {
        if (c.nulls[i] === 1) { storeNull(out, i); break; }
        const r = reader.read(c.heap, c.offsets[i], c.offsets[i + 1], -1, scale, false);
        if (r === DecimalRead.NULL) { storeNull(out, i); break; }
        if (r === DecimalRead.VALUE && limit.holds(reader)) { store(out, view, i, reader); break; }
        const text = entityText(reader, c, i);
        return fail(r === DecimalRead.SCALE_LOSS
          ? LineMessages.precisionLoss(src.table, c.name, text, to)
          : LineMessages.boundsError(src.table, c.name, text, to), i);
      }
      case IlpType.INTEGER: {
        const x = c.f64[i];
        if (x === LONG_NULL && (c.exact === undefined || c.exact[i] === LONG_NULL_BIG)) { storeNull(out, i); break; }
        const big = c.exact !== undefined ? c.exact[i] : undefined;
        if (!integerValue(reader, x, big, scale) || !limit.holds(reader)) {
          return fail(LineMessages.boundsError(src.table, c.name, big !== undefined ? big.toString() : String(x), to), i);
        }
        store(out, view, i, reader);
        break;
      }
      case IlpType.FLOAT: {
        const x = c.f64[i];
        if (x !== x || x === Infinity || x === -Infinity) { storeNull(out, i); break; }
        const text = String(x);
        const bytes = Buffer.from(text, 'latin1');
        const r = reader.read(bytes, 0, bytes.length, precision, scale, false);
        if (r !== DecimalRead.VALUE) return fail(LineMessages.precisionLoss(src.table, c.name, text, to), i);
        store(out, view, i, reader);
        break;
      }
      default: { // STRING
        if (c.nulls[i] === 1) { storeNull(out, i); break; }
        const r = reader.read(c.heap, c.offsets[i], c.offsets[i + 1], precision, scale, false);
        if (r === DecimalRead.NULL) { storeNull(out, i); break; }
        if (r !== DecimalRead.VALUE) {
          return fail(LineMessages.valueError(src.table, c.name, textOf(c, i), to), i);
        }
        store(out, view, i, reader);
      }
    }
  }
  return { type: to, data: out.subarray(0, n * DECIMAL_BYTES) };
}

/** |unscaled| < 10^precision. */
class DigitLimit {
  private readonly number: number;
  private readonly big: bigint;

  constructor(precision: number) {
    this.number = precision <= 15 ? 10 ** precision : Infinity;
    this.big = 10n ** BigInt(precision);
  }

  holds(r: DecimalReader): boolean {
    if (r.big === undefined) return Math.abs(r.unscaled) < this.number;
    return (r.big < 0n ? -r.big : r.big) < this.big;
  }
}

/** An integer times 10^scale into the reader's value; false when it cannot be a DECIMAL at all. */
function integerValue(r: DecimalReader, x: number, exact: bigint | undefined, scale: number): boolean {
  r.scale = scale;
  const scaled = x * 10 ** scale;
  if (exact === undefined && Math.abs(scaled) <= MAX_SAFE && scale <= 15) {
    r.unscaled = scaled;
    r.big = undefined;
    return true;
  }
  r.big = (exact ?? BigInt(x)) * 10n ** BigInt(scale);
  return true;
}

/** The entity's own value for messages: its text read without a target scale, as QuestDB prints it. */
function entityText(r: DecimalReader, c: BlockColumn, i: number): string {
  if (r.read(c.heap, c.offsets[i], c.offsets[i + 1], -1, -1, true) === DecimalRead.VALUE) return r.text();
  return textOf(c, i);
}

function textOf(c: BlockColumn, i: number): string {
  return Buffer.from(c.heap.buffer, c.heap.byteOffset + c.offsets[i], c.offsets[i + 1] - c.offsets[i]).toString('utf8');
}

/** NULL is -2^255: all bytes zero but the top one. */
function storeNull(out: Uint8Array, i: number): void {
  const o = i * DECIMAL_BYTES;
  out.fill(0, o, o + DECIMAL_BYTES - 1);
  out[o + DECIMAL_BYTES - 1] = 0x80;
}

/** The reader's unscaled value as 256-bit little-endian two's complement. */
function store(out: Uint8Array, view: DataView, i: number, r: DecimalReader): void {
  if (r.big !== undefined) { setDecimal(out, i, r.big); return; }
  const o = i * DECIMAL_BYTES;
  const v = r.unscaled;
  const m = Math.abs(v);
  const hi = Math.floor(m / TWO_32);
  const lo = m - hi * TWO_32;
  if (v >= 0) {
    view.setUint32(o, lo, true);
    view.setUint32(o + 4, hi, true);
    out.fill(0, o + 8, o + DECIMAL_BYTES);
    return;
  }
  // -m in 64 bits, sign-extended.
  if (lo === 0) {
    view.setUint32(o, 0, true);
    view.setUint32(o + 4, (TWO_32 - hi) % TWO_32, true);
  } else {
    view.setUint32(o, TWO_32 - lo, true);
    view.setUint32(o + 4, TWO_32 - 1 - hi, true);
  }
  out.fill(0xff, o + 8, o + DECIMAL_BYTES);
}
