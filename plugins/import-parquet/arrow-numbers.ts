/** Reading one Arrow number as a JS number, for each numeric Arrow type import accepts (arrow-column-converter.ts). */
import { Data, DataType, Type } from 'apache-arrow';

/** Binds to one Arrow column chunk (views made once), then reads row `i` of it. */
export type NumberReader = (data: Data) => (i: number) => number;

const TWO_32 = 4294967296;

const plain: NumberReader = (data) => {
  const v = data.values as Float64Array;
  const o = data.offset;
  return (i) => v[o + i];
};

const int64: NumberReader = (data) => {
  const v = data.values as BigInt64Array;
  const words = new Int32Array(v.buffer, v.byteOffset, v.length * 2);
  const o = 2 * data.offset;
  return (i) => words[o + 2 * i + 1] * TWO_32 + (words[o + 2 * i] >>> 0);
};

const uint64: NumberReader = (data) => {
  const v = data.values as BigUint64Array;
  const words = new Uint32Array(v.buffer, v.byteOffset, v.length * 2);
  const o = 2 * data.offset;
  return (i) => words[o + 2 * i + 1] * TWO_32 + words[o + 2 * i];
};

const bool: NumberReader = (data) => {
  const bits = data.values as Uint8Array;
  return (i) => {
    const k = data.offset + i;
    return (bits[k >> 3] >> (k & 7)) & 1;
  };
};

/** DECIMAL(p, s): the unscaled little-endian two's complement integer over 10^s (a double, so exact up to 2^53). */
function decimal(scale: number, words: number): NumberReader {
  return (data) => (i) => {
    const v = data.values as Uint32Array;
    const o = (data.offset + i) * words;
    let big = 0n;
    for (let w = words - 1; w >= 0; w--) big = (big << 32n) | BigInt(v[o + w]);
    if (v[o + words - 1] & 0x80000000) big -= 1n << BigInt(32 * words);
    return Number(big) / 10 ** scale;
  };
}

export function numberReader(t: DataType): NumberReader | undefined {
  switch (t.typeId) {
    case Type.Int: {
      const { bitWidth, isSigned } = t as unknown as { bitWidth: number; isSigned: boolean };
      if (bitWidth < 64) return plain;
      return isSigned ? int64 : uint64;
    }
    case Type.Float: return (t as unknown as { precision: number }).precision === 0 ? undefined : plain;
    case Type.Bool: return bool;
    case Type.Decimal: {
      const { scale, bitWidth } = t as unknown as { scale: number; bitWidth: number };
      return decimal(scale, bitWidth / 32);
    }
    default: return undefined;
  }
}
