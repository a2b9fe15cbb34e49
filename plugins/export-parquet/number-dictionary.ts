/**
 * Dictionary encoding for numeric columns (DOUBLE, FLOAT, INT, LONG family): most time-series columns
 * repeat a few thousand distinct values (readings with 2 decimals, tick timestamps), and indices of
 * 10–16 bits give the compressor a quarter of the bytes. An open-addressing table keyed by the
 * value's bits; past MAX_ENTRIES the column chunk falls back to PLAIN for its remaining pages, as
 * Arrow's writer does (a chunk may mix RLE_DICTIONARY and PLAIN pages after one dictionary page).
 */
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { ColumnStats } from './column-stats';
import { PageValues } from './page-values';
import { ValueKind } from './parquet-schema';

export const MAX_ENTRIES = 32768;
const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);

export class NumberDictionary {
  values = new Float64Array(1024);
  size = 0;
  private keys = new Float64Array(1 << 12);
  private slots = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;

  /** The index of `x`, adding it when new; -1 when the dictionary is full. */
  index(x: number): number {
    scratch[0] = x;
    let h = Math.imul(words[0] ^ Math.imul(words[1], 0x9e3779b1), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 15)) & this.mask;
    const slots = this.slots;
    for (;;) {
      const s = slots[h];
      if (s < 0) break;
      if (this.keys[h] === x) return s;
      h = (h + 1) & this.mask;
    }
    if (this.size >= MAX_ENTRIES) return -1;
    const idx = this.size++;
    if (idx >= this.values.length) { const v = new Float64Array(this.values.length * 2); v.set(this.values); this.values = v; }
    this.values[idx] = x;
    slots[h] = idx;
    this.keys[h] = x;
    if (this.size * 2 > this.mask) this.rehash();
    return idx;
  }

  private rehash(): void {
    const n = (this.mask + 1) * 2;
    this.keys = new Float64Array(n);
    this.slots = new Int32Array(n).fill(-1);
    this.mask = n - 1;
    const count = this.size;
    this.size = 0;
    for (let i = 0; i < count; i++) this.index(this.values[i]);
  }

  reset(): void {
    this.size = 0;
    this.slots.fill(-1);
  }
}

/**
 * Appends rows `[from, to)` as dictionary indices; returns the row where the dictionary filled up
 * (the caller writes the rest PLAIN), or `to`. NaN (DOUBLE/FLOAT null) and the INT/LONG sentinels are nulls.
 */
export function appendDictionaryValues(kind: ValueKind, optional: boolean, p: PageValues, v: Vector, from: number, to: number,
  stats: ColumnStats | undefined, dict: NumberDictionary): number {
  p.levels(to - from, false);
  p.ensureI32(to - from);
  const d = v.data;
  const defs = p.defs;
  const out = p.i32;
  let c = p.count;
  let k = p.fixed;
  let nulls = 0;
  const nullValue = kind === 'int32' ? INT_NULL : kind === 'int64' ? LONG_NULL : NaN;
  let i = from;
  for (; i < to; i++) {
    const x = d[i];
    if (optional && (x === nullValue || x !== x)) { defs[c++] = 0; nulls++; continue; }
    const idx = dict.index(x);
    if (idx < 0) break;
    defs[c++] = 1;
    out[k++] = idx;
    if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
  }
  p.rows += i - from;
  p.count = c;
  p.fixed = k;
  p.nulls += nulls;
  if (stats) stats.nulls += nulls;
  return i;
}
