/**
 * Builds a merged column straight from two sources, a partition's committed rows (`old`, rows
 * from..from+m) and new rows (`add`, rows lo..lo+n), following a merge order where values below m pick
 * old row `from + value` and the others pick new row `lo + (value - m)`. The order may leave rows out
 * (deduplication). No intermediate concatenation; bit patterns are moved as integers, never through doubles.
 */
import { RawColumn, decodeEnd } from './raw-column';
import { ScratchBuffers } from './scratch-buffers';

export function mergeColumns(old: RawColumn, from: number, add: RawColumn, lo: number, n: number, order: Uint32Array,
  scratch?: ScratchBuffers): RawColumn {
  const m = old.rows - from;
  const total = order.length;
  if (old.isVar) return mergeVar(old, from, add, lo, n, order);
  const w = old.width;
  const out = new RawColumn(w, 1);
  out.bytes = scratch ? scratch.take('merged', total * w) : new Uint8Array(total * w);
  out.rows = total;
  out.byteLength = total * w;
  const shift = lo - m;
  if (w === 1 || w === 2) {
    const A = w === 1 ? old.bytes : new Uint16Array(old.bytes.buffer, old.bytes.byteOffset, old.bytes.length >> 1);
    const B = w === 1 ? add.bytes : new Uint16Array(add.bytes.buffer, add.bytes.byteOffset, add.bytes.length >> 1);
    const O = w === 1 ? out.bytes : new Uint16Array(out.bytes.buffer, 0, total);
    for (let i = 0; i < total; i++) {
      const r = order[i];
      O[i] = r < m ? A[r + from] : B[r + shift];
    }
    return out;
  }
  const words = w >> 2;
  const A = new Int32Array(old.bytes.buffer, old.bytes.byteOffset, old.bytes.length >> 2);
  const B = new Int32Array(add.bytes.buffer, add.bytes.byteOffset, add.bytes.length >> 2);
  const O = new Int32Array(out.bytes.buffer, 0, total * words);
  if (words === 1) {
    for (let i = 0; i < total; i++) {
      const r = order[i];
      O[i] = r < m ? A[r + from] : B[r + shift];
    }
  } else if (words === 2) {
    for (let i = 0, o = 0; i < total; i++, o += 2) {
      const r = order[i];
      if (r < m) {
        const s = 2 * (r + from);
        O[o] = A[s];
        O[o + 1] = A[s + 1];
      } else {
        const s = 2 * (r + shift);
        O[o] = B[s];
        O[o + 1] = B[s + 1];
      }
    }
  } else {
    for (let i = 0, o = 0; i < total; i++, o += words) {
      const r = order[i];
      const src = r < m ? A : B;
      const s = (r < m ? r + from : r + shift) * words;
      for (let k = 0; k < words; k++) O[o + k] = src[s + k];
    }
  }
  return out;
}

function mergeVar(old: RawColumn, from: number, add: RawColumn, lo: number, n: number, order: Uint32Array): RawColumn {
  const m = old.rows - from;
  const total = order.length;
  const oldEnds = old.ends as Float64Array;
  const addEnds = add.ends as Float64Array;
  // Room for every source byte: an upper bound when the order leaves rows out.
  const addStart = lo === 0 ? 0 : decodeEnd(addEnds[lo - 1]);
  const addEnd = n > 0 ? decodeEnd(addEnds[lo + n - 1]) : addStart;
  const oldStart = from === 0 ? 0 : decodeEnd(oldEnds[from - 1]);
  const out = new RawColumn(0, Math.max(1, total), Math.max(1, old.byteLength - oldStart + addEnd - addStart));
  const dst = out.bytes;
  const outEnds = out.ends as Float64Array;
  let p = 0;
  for (let i = 0; i < total; i++) {
    const r = order[i];
    const fromOld = r < m;
    const row = fromOld ? r + from : r - m + lo;
    const ends = fromOld ? oldEnds : addEnds;
    const src = fromOld ? old.bytes : add.bytes;
    const v = ends[row];
    const start = row === 0 ? 0 : decodeEnd(ends[row - 1]);
    const end = decodeEnd(v);
    if (end - start > 64) {
      dst.set(src.subarray(start, end), p);
      p += end - start;
    } else {
      for (let k = start; k < end; k++) dst[p++] = src[k];
    }
    outEnds[i] = v >= 0 ? p : -(p + 1);
  }
  out.rows = total;
  out.byteLength = p;
  return out;
}
