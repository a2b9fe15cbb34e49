/**
 * Line-protocol text with binary field values (protocol version 2) written readably, as the features and the
 * line-protocol fuzzer send them: `==double(<number>)` becomes the type byte 16 and eight little-endian bytes,
 * `==array(<extent>,<extent>…[: <value> <value>…])` the type byte 14, element type 10, the dimension count,
 * each extent as int32 and the values given (none when the list is left out, whatever the shape declares).
 * Everything else is sent as written.
 */

const TOKEN = /==(double|array)\(([^)]*)\)/g;

/** The bytes of `text` with every binary token encoded. */
export function encodeBinaryLines(text: string): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    parts.push(Buffer.from(text.slice(at, index)), Buffer.from('=='));
    parts.push(m[1] === 'double' ? binaryDouble(Number(m[2])) : binaryArray(m[2]));
    at = index + m[0].length;
  }
  parts.push(Buffer.from(text.slice(at)));
  return Buffer.concat(parts);
}

/** Type 16: a float64, little-endian. */
export function binaryDouble(v: number): Buffer {
  const b = Buffer.alloc(9);
  b[0] = 16;
  b.writeDoubleLE(v, 1);
  return b;
}

/** Type 14 from `2,3: 1 2 3 4 5 6` (extents, then the values actually sent). */
function binaryArray(spec: string): Buffer {
  const [shapeText, valuesText] = spec.split(':');
  const shape = shapeText.split(',').map((s) => Number(s.trim()));
  const values = valuesText === undefined ? [] : valuesText.trim().split(/\s+/).filter((s) => s !== '').map(Number);
  return binaryArrayOf(shape, values);
}

/** Type 14, element type 10 (DOUBLE): the extents as int32 (as given, even negative), then the values. */
export function binaryArrayOf(shape: readonly number[], values: readonly number[]): Buffer {
  const b = Buffer.alloc(3 + shape.length * 4 + values.length * 8);
  b[0] = 14;
  b[1] = 10;
  b[2] = shape.length;
  shape.forEach((s, d) => b.writeInt32LE(s | 0, 3 + d * 4));
  values.forEach((v, k) => b.writeDoubleLE(v, 3 + shape.length * 4 + k * 8));
  return b;
}
