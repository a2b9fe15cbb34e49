/**
 * GEOHASH cells (sent as varchar, the same bytes in text and binary format): base-32 characters for a
 * precision declared in characters, else one `0`/`1` per bit, as /exec prints them. Written straight into
 * the buffer from the hash's two 32-bit words, exact for every precision up to 60 bits (beyond 53 the
 * words come from the vector's exact values), with no string per row.
 */
import { Vector } from '../../core/data/vector';
import { BackendWriter } from './backend-writer';
import { CellEncoder, nullCell } from './cell-encoder';
import { Int64Words, wordsOfDouble } from './int64-words';

const ALPHABET = Buffer.from('0123456789bcdefghjkmnpqrstuvwxyz', 'latin1');

export function geohashCells(v: Vector): CellEncoder {
  const bits = v.type.bits ?? 1;
  const chars = v.type.geoChars === true && bits % 5 === 0;
  const d = v.data;
  const exact = v.exact ? new Int64Words(v.exact) : undefined;
  const parts = new Float64Array(2);
  return (w, i) => {
    // NULL is -1, in the double and in the exact value alike.
    if (d[i] < 0) { nullCell(w); return; }
    let hi: number, lo: number;
    if (exact) { hi = exact.hi(i); lo = exact.lo(i); } else { wordsOfDouble(d[i], parts); hi = parts[0]; lo = parts[1]; }
    if (chars) writeChars(w, bits / 5, hi, lo); else writeBits(w, bits, hi, lo);
  };
}

function writeChars(w: BackendWriter, n: number, hi: number, lo: number): void {
  w.ensure(4 + n);
  w.int32(n);
  const b = w.buf;
  let p = w.pos;
  for (let c = n - 1; c >= 0; c--) {
    const at = 5 * c;
    // The five bits at `at`: in the low word, the high word, or across both.
    const five = at >= 32 ? hi >>> (at - 32) : at + 5 <= 32 ? lo >>> at : (lo >>> at) | (hi << (32 - at));
    b[p++] = ALPHABET[five & 31];
  }
  w.pos = p;
}

function writeBits(w: BackendWriter, n: number, hi: number, lo: number): void {
  w.ensure(4 + n);
  w.int32(n);
  const b = w.buf;
  let p = w.pos;
  for (let k = n - 1; k >= 0; k--) b[p++] = ((k >= 32 ? hi >>> (k - 32) : lo >>> k) & 1) === 1 ? 49 : 48;
  w.pos = p;
}
