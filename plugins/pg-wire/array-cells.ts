/**
 * DOUBLE[] (any dimension count) as float8[]: text `{{1,2},{3,4}}` with NaN elements as NULL, and the
 * binary array format (ndim, has-null flag, element OID, then per dimension its length and lower bound 1,
 * then every element as int32 length + float8).
 */
import { Vector } from '../../core/data/vector';
import { CellEncoder, nullCell, asciiCell } from './cell-encoder';
import { float8Text } from './pg-number-text';
import { Oid } from '../sql-catalog/pg-type-oids';

function shapeOf(v: Vector, i: number): number[] {
  const dims = v.type.dims ?? 1;
  const o = v.offsets as Int32Array;
  if (dims === 1 || !v.shapes) return [o[i + 1] - o[i]];
  return Array.from(v.shapes.subarray(i * dims, (i + 1) * dims));
}

export function arrayTextCells(v: Vector): CellEncoder {
  const data = v.data as Float64Array, o = v.offsets as Int32Array, nulls = v.nulls;
  return (w, i) => {
    if (nulls && nulls[i] === 1) { nullCell(w); return; }
    const shape = shapeOf(v, i);
    let k = o[i];
    const level = (d: number): string => {
      const parts: string[] = [];
      for (let j = 0; j < shape[d]; j++) {
        if (d + 1 < shape.length) parts.push(level(d + 1));
        else { const x = data[k++]; parts.push(Number.isNaN(x) ? 'NULL' : float8Text(x)); }
      }
      return `{${parts.join(',')}}`;
    };
    asciiCell(w, level(0));
  };
}

export function arrayBinaryCells(v: Vector): CellEncoder {
  const data = v.data as Float64Array, o = v.offsets as Int32Array, nulls = v.nulls;
  return (w, i) => {
    if (nulls && nulls[i] === 1) { nullCell(w); return; }
    const shape = shapeOf(v, i);
    const from = o[i], to = o[i + 1];
    let nullCount = 0;
    for (let k = from; k < to; k++) if (Number.isNaN(data[k])) nullCount++;
    const n = 12 + 8 * shape.length + (to - from) * 12 - nullCount * 8;
    w.ensure(4 + n);
    w.int32(n);
    w.int32(shape.length);
    w.int32(nullCount > 0 ? 1 : 0);
    w.int32(Oid.FLOAT8);
    for (const extent of shape) { w.int32(extent); w.int32(1); }
    for (let k = from; k < to; k++) {
      const x = data[k];
      if (Number.isNaN(x)) w.int32(-1);
      else { w.int32(8); w.pos = w.buf.writeDoubleBE(x, w.pos); }
    }
  };
}
