/**
 * Parquet decimals that import exactly into DECIMAL(p, s): the unscaled integer, sign-extended into svc's 32
 * little-endian bytes (64-bit integers and timestamps: long-columns.ts). The same scale and a precision at
 * least the file's copy bytes; anything else rescales each value and flags one that does not fit its precision.
 * Decimal text (svc's own Parquet export writes DECIMAL as its text) is parsed and rescaled the same way.
 */
import { Data, Type } from 'apache-arrow';
import { ColumnType } from '../../core/data/column-type';
import { DECIMAL_BYTES, digitCount, parseDecimalText, precisionOf, rescale, scaleOf, setDecimal } from '../../core/data/decimal';
import { Vector } from '../../core/data/vector';

export interface ExactConverted {
  readonly vector: Vector;
  readonly bad: Uint8Array | undefined;
}

function isNullAt(data: Data, i: number): boolean {
  const bitmap = data.nullBitmap;
  if (data.nullCount === 0 || !bitmap || bitmap.length === 0) return false;
  const k = data.offset + i;
  return ((bitmap[k >> 3] >> (k & 7)) & 1) === 0;
}

/** An Arrow decimal column (128 or 256 bits) as DECIMAL(p, s). */
export function decimalVector(data: Data, n: number, type: ColumnType): ExactConverted {
  const { scale, precision, bitWidth } = data.type as unknown as { scale: number; precision: number; bitWidth: number };
  const words = bitWidth / 32;
  const src = data.values as Uint32Array;
  const out = new Uint8Array(n * DECIMAL_BYTES);
  const view = new DataView(out.buffer);
  const targetScale = scaleOf(type);
  const targetPrecision = precisionOf(type);
  const copy = targetScale === scale && targetPrecision >= precision;
  let bad: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    if (isNullAt(data, i)) { setDecimal(out, i, null); continue; }
    const o = (data.offset + i) * words;
    if (copy) {
      // Little-endian words, then the sign word repeated up to 32 bytes.
      for (let w = 0; w < words; w++) view.setUint32(i * DECIMAL_BYTES + w * 4, src[o + w], true);
      const sign = (src[o + words - 1] & 0x80000000) !== 0 ? 0xffffffff : 0;
      for (let w = words; w < DECIMAL_BYTES / 4; w++) view.setUint32(i * DECIMAL_BYTES + w * 4, sign, true);
      continue;
    }
    let big = 0n;
    for (let w = words - 1; w >= 0; w--) big = (big << 32n) | BigInt(src[o + w]);
    const value = rescale(BigInt.asIntN(bitWidth, big), scale, targetScale);
    if (digitCount(value) > targetPrecision) { setDecimal(out, i, null); (bad ??= new Uint8Array(n))[i] = 1; continue; }
    setDecimal(out, i, value);
  }
  return { vector: { type, data: out }, bad };
}

/** A string column (plain or dictionary-encoded) of decimal texts (`12.34`, `-0.5`) as DECIMAL(p, s); text that is no decimal is flagged. */
export function decimalFromText(data: Data, n: number, type: ColumnType): ExactConverted {
  const dictionary = data.typeId === Type.Dictionary ? data.dictionary?.data[0] : undefined;
  const strings = dictionary ?? data;
  const values = strings.values as Uint8Array;
  const offsets = strings.valueOffsets as Int32Array;
  const indices = dictionary ? data.values as Int32Array | Int16Array | Int8Array | Uint32Array : undefined;
  const out = new Uint8Array(n * DECIMAL_BYTES);
  const targetScale = scaleOf(type);
  const targetPrecision = precisionOf(type);
  const decoder = new TextDecoder();
  let bad: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    if (isNullAt(data, i) || (data.typeId === Type.Dictionary && !dictionary)) { setDecimal(out, i, null); continue; }
    const k = indices ? strings.offset + indices[data.offset + i] : data.offset + i;
    const parsed = parseDecimalText(decoder.decode(values.subarray(offsets[k], offsets[k + 1])));
    const value = parsed === undefined ? undefined : rescale(parsed[0], parsed[1], targetScale);
    if (value === undefined || digitCount(value) > targetPrecision) { setDecimal(out, i, null); (bad ??= new Uint8Array(n))[i] = 1; continue; }
    setDecimal(out, i, value);
  }
  return { vector: { type, data: out }, bad };
}
