/**
 * A CellEncoder writes one value of a DataRow: its int32 length (-1 for NULL) and its bytes. One is
 * built per column and batch (text-cell-encoders.ts, binary-cell-encoders.ts), so the type switch is
 * paid per column while the per-row work reads typed arrays. This file holds the encoders whose bytes
 * are the same in both formats: strings, symbols, CHAR, and values that only have a text form.
 */
import { SymbolTable } from '../../core/data/symbol-table';
import { Vector } from '../../core/data/vector';
import { BackendWriter } from './backend-writer';

export type CellEncoder = (w: BackendWriter, row: number) => void;

export function nullCell(w: BackendWriter): void {
  w.int32(-1);
}

export function bytesCell(w: BackendWriter, data: Uint8Array, from: number, to: number): void {
  const n = to - from;
  if (w.pos + 4 + n > w.buf.length) w.ensure(4 + n);
  const b = w.buf;
  let p = w.pos;
  b[p] = n >>> 24; b[p + 1] = (n >>> 16) & 255; b[p + 2] = (n >>> 8) & 255; b[p + 3] = n & 255;
  p += 4;
  // Short values (symbols, names) copy faster byte by byte than through a subarray view.
  if (n <= 32) for (let k = from; k < to; k++) b[p++] = data[k];
  else { b.set(data.subarray(from, to), p); p += n; }
  w.pos = p;
}

/** An ASCII string written as a cell (numbers, UUID text, …). */
export function asciiCell(w: BackendWriter, s: string): void {
  const n = s.length;
  w.ensure(4 + n);
  w.int32(n);
  const b = w.buf;
  let p = w.pos;
  for (let k = 0; k < n; k++) b[p++] = s.charCodeAt(k);
  w.pos = p;
}

/** A whole number (|x| < 2^53) as decimal digits, no string allocated. */
export function integerCell(w: BackendWriter, x: number): void {
  w.ensure(4 + 17);
  const b = w.buf;
  const lenAt = w.pos;
  let p = lenAt + 4;
  let v = x;
  if (v < 0) { b[p++] = 45; v = -v; }
  const first = p;
  do { const d = v % 10; b[p++] = 48 + d; v = (v - d) / 10; } while (v > 0);
  for (let i = first, j = p - 1; i < j; i++, j--) { const t = b[i]; b[i] = b[j]; b[j] = t; }
  const n = p - lenAt - 4;
  b[lenAt] = 0; b[lenAt + 1] = 0; b[lenAt + 2] = 0; b[lenAt + 3] = n;
  w.pos = p;
}

/** STRING / VARCHAR / BINARY bytes between offsets, nulls by the side array. */
export function varSizeCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array, o = v.offsets as Int32Array, nulls = v.nulls;
  if (!nulls) return (w, i) => bytesCell(w, d, o[i], o[i + 1]);
  return (w, i) => { if (nulls[i] === 1) nullCell(w); else bytesCell(w, d, o[i], o[i + 1]); };
}

export function symbolCells(v: Vector): CellEncoder {
  const keys = v.data, table = v.symbols as SymbolTable;
  const cache: (Uint8Array | undefined)[] = [];
  return (w, i) => {
    const k = keys[i];
    if (k < 0) { nullCell(w); return; }
    const bytes = cache[k] ?? (cache[k] = table.utf8(k));
    bytesCell(w, bytes, 0, bytes.length);
  };
}

const encoder = new TextEncoder();

export function charCells(v: Vector): CellEncoder {
  const d = v.data;
  return (w, i) => {
    const c = d[i];
    if (c === 0) { nullCell(w); return; }
    if (c < 128) { w.ensure(5); w.int32(1); w.buf[w.pos++] = c; return; }
    const bytes = encoder.encode(String.fromCharCode(c));
    bytesCell(w, bytes, 0, bytes.length);
  };
}

/** Types printed through their text (UUID, LONG256, GEOHASH, IPv4, INTERVAL); undefined is NULL. */
export function textCells(text: (row: number) => string | undefined): CellEncoder {
  return (w, i) => {
    const s = text(i);
    if (s === undefined) { nullCell(w); return; }
    const bytes = encoder.encode(s);
    bytesCell(w, bytes, 0, bytes.length);
  };
}

/**
 * A finite double as PostgreSQL's shortest text. Values from 0.001 to 1e9 with at most 6 decimals
 * (prices, measurements) are written digit by digit: scaled by 1e6 they are an exact integer that
 * reads back to the same double, so those digits are the shortest text. Others go through float8Text.
 */
export function doubleCell(w: BackendWriter, x: number, slow: (x: number) => string): void {
  const a = x < 0 ? -x : x;
  if (a >= 1e-3 && a < 1e9) {
    const scaled = Math.round(a * 1e6);
    const whole = Math.floor(a) | 0;
    let frac = (scaled - whole * 1e6) | 0;
    if (scaled / 1e6 === a && frac >= 0 && frac < 1e6) {
      // Integer arithmetic only (whole < 1e9, frac < 1e6): float modulo costs several times more.
      let d = 6;
      while (d > 0 && frac - ((frac / 10) | 0) * 10 === 0) { frac = (frac / 10) | 0; d--; }
      w.ensure(4 + 24);
      const b = w.buf, lenAt = w.pos;
      let p = lenAt + 4;
      if (x < 0) b[p++] = 45;
      const first = p;
      let v = whole;
      do { const q = (v / 10) | 0; b[p++] = 48 + v - q * 10; v = q; } while (v > 0);
      for (let i = first, j = p - 1; i < j; i++, j--) { const t = b[i]; b[i] = b[j]; b[j] = t; }
      if (d > 0) {
        b[p++] = 46;
        for (let k = p + d - 1; k >= p; k--) { const q = (frac / 10) | 0; b[k] = 48 + frac - q * 10; frac = q; }
        p += d;
      }
      const n = p - lenAt - 4;
      b[lenAt] = 0; b[lenAt + 1] = 0; b[lenAt + 2] = 0; b[lenAt + 3] = n;
      w.pos = p;
      return;
    }
  }
  asciiCell(w, slow(x));
}

