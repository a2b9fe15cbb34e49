/**
 * Appends rows `[from, to)` of a vector to the page being filled, per value kind: null sentinels
 * become definition level 0, everything else a plain value, with min/max kept when statistics are on.
 */
import { decimalAt, decimalText, scaleOf } from '../../core/data/decimal';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { utf8Encoder } from '../../core/data/utf8';
import { Vector } from '../../core/data/vector';
import { geohashText, ipv4Text, long256Text } from '../export-csv/text-values';
import { TypeTag } from '../../core/data/column-type';
import { ColumnStats } from './column-stats';
import { PageValues } from './page-values';
import { LeafSpec } from './parquet-schema';
import { SymbolDictionary } from './symbol-dictionary';
import { formatTimestampMicros } from '../../core/time/iso-timestamp';

const TWO32 = 4294967296;

function textOf(v: Vector, i: number): string | undefined {
  switch (v.type.tag) {
    case TypeTag.IPV4: { const x = v.data[i]; return x === 0 ? undefined : ipv4Text(x); }
    case TypeTag.LONG256: return long256Text(v, i);
    case TypeTag.GEOHASH: { const x = v.data[i]; return x < 0 ? undefined : geohashText(v.type, v.exact ? v.exact[i] : x); }
    case TypeTag.INTERVAL: {
      const lo = v.data[i * 2];
      return lo === LONG_NULL ? undefined : `('${formatTimestampMicros(lo)}', '${formatTimestampMicros(v.data[i * 2 + 1])}')`;
    }
    case TypeTag.DECIMAL: {
      // The exact text (`-12.345`): every digit of up to 76, which no Parquet number type of one width holds.
      const x = decimalAt(v.data as Uint8Array, i);
      return x === null ? undefined : decimalText(x, scaleOf(v.type));
    }
    default: return undefined;
  }
}

export function appendValues(spec: LeafSpec, p: PageValues, v: Vector, from: number, to: number,
  stats: ColumnStats | undefined, dict: SymbolDictionary | undefined): void {
  const n = to - from;
  const optional = spec.optional;
  if (spec.kind !== 'array-list') p.levels(n, false);
  const defs = p.defs;
  let c = p.count;
  let k = p.fixed;
  let nulls = 0;
  switch (spec.kind) {
    case 'double': case 'float': {
      const d = v.data;
      if (spec.kind === 'double') p.ensureF64(n); else p.ensureF32(n);
      const out = spec.kind === 'double' ? p.f64 : p.f32;
      for (let i = from; i < to; i++) {
        const x = d[i];
        if (x !== x) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        out[k++] = x;
        if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
      }
      break;
    }
    case 'int32': {
      const d = v.data;
      p.ensureI32(n);
      const out = p.i32;
      for (let i = from; i < to; i++) {
        const x = d[i];
        if (optional && x === INT_NULL) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        out[k++] = x;
        if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
      }
      break;
    }
    case 'int64': {
      const d = v.data;
      const exact = v.exact;
      p.ensureI64(n);
      const out = p.i64;
      for (let i = from; i < to; i++) {
        const x = d[i];
        if (x === LONG_NULL && (!exact || exact[i] === LONG_NULL_BIG)) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        if (exact) {
          const b = BigInt.asUintN(64, exact[i]);
          out[k * 2] = Number(b & 0xffffffffn); out[k * 2 + 1] = Number(b >> 32n);
          k++;
          stats?.bigint(exact[i]);
          continue;
        }
        const hi = Math.floor(x / TWO32);
        out[k * 2] = x - hi * TWO32; out[k * 2 + 1] = hi;
        k++;
        if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
      }
      break;
    }
    case 'bool': {
      const d = v.data;
      p.ensureU8(n);
      for (let i = from; i < to; i++) {
        defs[c++] = 1;
        const x = d[i] !== 0 ? 1 : 0;
        p.u8[k++] = x;
        if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
      }
      break;
    }
    case 'symbol': {
      const d = v.data;
      p.ensureI32(n);
      const out = p.i32;
      const table = v.symbols;
      for (let i = from; i < to; i++) {
        const key = d[i];
        if (key < 0 || !table) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        out[k++] = (dict as SymbolDictionary).index(table, key);
      }
      break;
    }
    case 'utf8': {
      const offsets = v.offsets as Int32Array;
      const src = v.data as Uint8Array;
      const nullMap = v.nulls;
      const o = p.bytes;
      for (let i = from; i < to; i++) {
        if (nullMap && nullMap[i] === 1) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        const s = offsets[i];
        const e = offsets[i + 1];
        const len = e - s;
        o.ensure(len + 4);
        o.buf[o.pos] = len & 255; o.buf[o.pos + 1] = (len >> 8) & 255; o.buf[o.pos + 2] = (len >> 16) & 255; o.buf[o.pos + 3] = len >>> 24;
        o.pos += 4;
        o.bytes(src, s, e);
        stats?.bytes(src, s, e);
        k++;
      }
      break;
    }
    case 'uuid': {
      const src = v.data as Uint8Array;
      const dv = new DataView(src.buffer, src.byteOffset, src.byteLength);
      const o = p.bytes;
      for (let i = from; i < to; i++) {
        if (dv.getBigInt64(i * 16, true) === LONG_NULL_BIG && dv.getBigInt64(i * 16 + 8, true) === LONG_NULL_BIG) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        // Parquet UUID is the 16 bytes big-endian: the high long first.
        o.ensure(16);
        const start = o.pos;
        for (let b = 0; b < 8; b++) o.buf[o.pos++] = src[i * 16 + 15 - b];
        for (let b = 0; b < 8; b++) o.buf[o.pos++] = src[i * 16 + 7 - b];
        stats?.bytes(o.buf, start, start + 16);
        k++;
      }
      break;
    }
    default: {
      // char, text and raw arrays: one BYTE_ARRAY per row from a small per-value encoding.
      const o = p.bytes;
      for (let i = from; i < to; i++) {
        let bytes: Uint8Array | undefined;
        if (spec.kind === 'char') bytes = v.data[i] === 0 ? undefined : utf8Encoder.encode(String.fromCharCode(v.data[i]));
        else if (spec.kind === 'array-raw') {
          if (!(v.nulls && v.nulls[i] === 1)) {
            const off = v.offsets as Int32Array;
            const f = (v.data as Float64Array).subarray(off[i], off[i + 1]);
            bytes = new Uint8Array(f.buffer, f.byteOffset, f.byteLength).slice();
          }
        } else {
          const t = textOf(v, i);
          bytes = t === undefined ? undefined : utf8Encoder.encode(t);
        }
        if (bytes === undefined) { defs[c++] = 0; nulls++; continue; }
        defs[c++] = 1;
        const len = bytes.length;
        o.ensure(len + 4);
        o.buf[o.pos] = len & 255; o.buf[o.pos + 1] = (len >> 8) & 255; o.buf[o.pos + 2] = (len >> 16) & 255; o.buf[o.pos + 3] = len >>> 24;
        o.pos += 4;
        o.bytes(bytes);
        if (spec.kind !== 'array-raw') stats?.bytes(bytes, 0, len);
        k++;
      }
    }
  }
  p.count = c;
  p.rows += n;
  p.fixed = k;
  p.nulls += nulls;
  if (stats) stats.nulls += nulls;
}
