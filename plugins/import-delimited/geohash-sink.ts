/**
 * GEOHASH columns of an existing table: the field is geohash characters, of which the column keeps the
 * leading bits (QuestDB's /imp: `u33d8b12` into GEOHASH(4c) is `u33d`, into GEOHASH(7b) `1101000`). A field
 * shorter than the precision, or with a character outside the base-32 alphabet, is a conversion error;
 * `null` (any case) is NULL. Precisions above 53 bits keep exact values beside the doubles (vector.ts).
 */
import { ColumnType } from '../../core/data/column-type';
import { GEOHASH_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { geohashDigit } from '../../core/sql/vector/text-to-binary-values';
import { FixedSink } from './column-sink';

/** Characters past this many bits are summed as bigints: a double holds 50 bits of characters exactly. */
const EXACT_BITS = 50;

export class GeohashSink extends FixedSink {
  private readonly bits: number;
  private readonly chars: number;
  private exact: BigInt64Array | undefined;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity, GEOHASH_NULL);
    this.bits = type.bits ?? 1;
    this.chars = Math.ceil(this.bits / 5);
    if (this.bits > 53) this.exact = new BigInt64Array(capacity);
  }

  append(b: Uint8Array, s: number, e: number): boolean {
    if (isNull(b, s, e)) { this.appendNull(); return true; }
    const chars = this.chars;
    if (e - s < chars) return false;
    const drop = chars * 5 - this.bits;
    if (chars * 5 <= EXACT_BITS) {
      let v = 0;
      for (let k = 0; k < chars; k++) {
        const d = geohashDigit(b[s + k]);
        if (d < 0) return false;
        v = v * 32 + d;
      }
      this.data[this.rows++] = Math.floor(v / 2 ** drop);
      return true;
    }
    let v = 0n;
    for (let k = 0; k < chars; k++) {
      const d = geohashDigit(b[s + k]);
      if (d < 0) return false;
      v = (v << 5n) | BigInt(d);
    }
    v >>= BigInt(drop);
    if (this.exact) this.exact[this.rows] = v;
    this.data[this.rows++] = Number(v);
    return true;
  }

  override appendNull(): void {
    if (this.exact) this.exact[this.rows] = -1n;
    super.appendNull();
  }

  override build(lend = false): Vector {
    const exact = this.exact?.slice(0, this.rows);
    return exact ? { ...super.build(lend), exact } : super.build(lend);
  }
}

/** `null` in any case (QuestDB's null keyword). */
function isNull(b: Uint8Array, s: number, e: number): boolean {
  return e - s === 4 && (b[s] | 0x20) === 0x6e && (b[s + 1] | 0x20) === 0x75 && (b[s + 2] | 0x20) === 0x6c && (b[s + 3] | 0x20) === 0x6c;
}
