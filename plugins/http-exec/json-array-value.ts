/**
 * ARRAY values as nested JSON arrays (`[[1.0,2.0],[3.0,4.0]]`). Elements follow the
 * element type's own formatting (DOUBLE: NaN → null; LONG: LONG_NULL → null); a null array is `null`.
 */
import { TypeTag } from '../../core/data/column-type';
import { LONG_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { writeDouble, writeInteger, writeNull } from './json-numbers';
import { JsonSink } from './json-sink';

export function writeArrayValue(sink: JsonSink, v: Vector, row: number): void {
  if (v.nulls !== undefined && v.nulls[row] === 1) { writeNull(sink); return; }
  const offsets = v.offsets as Int32Array;
  const start = offsets[row];
  const end = offsets[row + 1];
  const dims = v.type.dims ?? 1;
  const longs = v.type.elem === TypeTag.LONG;
  const data = v.data;
  if (dims === 1 || v.shapes === undefined) {
    writeRun(sink, data, start, end, longs);
    return;
  }
  const shape = v.shapes.subarray(row * dims, row * dims + dims);
  writeLevel(sink, data, start, shape, 0, longs);
}

function writeElement(sink: JsonSink, x: number, longs: boolean): void {
  if (longs) {
    if (x === LONG_NULL) writeNull(sink);
    else writeInteger(sink, x);
  } else {
    writeDouble(sink, x);
  }
}

function writeRun(sink: JsonSink, data: ArrayLike<number>, start: number, end: number, longs: boolean): void {
  sink.byte(0x5b);
  for (let i = start; i < end; i++) {
    if (i > start) sink.byte(0x2c);
    writeElement(sink, data[i], longs);
  }
  sink.byte(0x5d);
}

/** Writes dimension `level` starting at element `start`; returns nothing, elements are row-major. */
function writeLevel(sink: JsonSink, data: ArrayLike<number>, start: number, shape: Int32Array, level: number, longs: boolean): void {
  const extent = shape[level];
  if (level === shape.length - 1) {
    writeRun(sink, data, start, start + extent, longs);
    return;
  }
  let stride = 1;
  for (let l = level + 1; l < shape.length; l++) stride *= shape[l];
  sink.byte(0x5b);
  for (let k = 0; k < extent; k++) {
    if (k > 0) sink.byte(0x2c);
    writeLevel(sink, data, start + k * stride, shape, level + 1, longs);
  }
  sink.byte(0x5d);
}
