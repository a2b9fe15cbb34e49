/**
 * PostgreSQL's binary array (array_send): int32 dimension count, int32 has-null flag, int32 element
 * OID, per dimension int32 length and int32 lower bound, then each element as int32 length (−1: NULL) and
 * its bytes in the element type's binary format. Decoded to the array's text form (`{1,2}`,
 * `{{"a","b"},{NULL,"c"}}`), as if the client had sent it as text. The shape is checked before any
 * element is read: at most 6 dimensions, no negative length, the element count bounded (54000) and
 * covered by the bytes left (each element needs at least its 4-byte length), the element type the one
 * the array type holds (42804), nothing left over; each element goes through its type's own decoder.
 */
import { SqlValue } from '../../core/sql/vector/sql-value';
import { Oid } from '../sql-catalog/pg-type-oids';
import { badBinary, insufficientData, protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

/** Array type OID → element type OID (pg_type.typelem) for the element types Bind decodes. */
const ELEMENT_OF: ReadonlyMap<number, number> = new Map([
  [1000, Oid.BOOL], [1001, Oid.BYTEA], [1002, Oid.CHAR], [1003, Oid.NAME], [1005, Oid.INT2], [1007, Oid.INT4],
  [1009, Oid.TEXT], [1014, Oid.BPCHAR], [1015, Oid.VARCHAR], [1016, Oid.INT8], [1021, Oid.FLOAT4],
  [Oid.FLOAT8_ARRAY, Oid.FLOAT8], [1028, Oid.OID], [1115, Oid.TIMESTAMP], [1182, Oid.DATE], [1185, Oid.TIMESTAMPTZ],
  [1231, Oid.NUMERIC], [2951, Oid.UUID], [199, Oid.JSON], [3807, Oid.JSONB],
]);

const MAX_DIMENSIONS = 6;
/** PostgreSQL's MaxArraySize. */
const MAX_ELEMENTS = 134_217_727;

export function isArrayOid(oid: number): boolean {
  return ELEMENT_OF.has(oid);
}

type ElementDecoder = (b: Buffer, oid: number, index: number) => SqlValue;

export function decodeBinaryArray(b: Buffer, oid: number, index: number, element: ElementDecoder): string {
  if (b.length < 12) throw insufficientData();
  const ndim = b.readInt32BE(0), flags = b.readInt32BE(4), elementOid = b.readUInt32BE(8);
  if (ndim < 0) throw protocolError(`invalid number of dimensions: ${ndim}`, SQLSTATE.BAD_BINARY);
  if (ndim > MAX_DIMENSIONS) throw protocolError(`number of array dimensions (${ndim}) exceeds the maximum allowed (${MAX_DIMENSIONS})`, SQLSTATE.PROGRAM_LIMIT);
  if (flags !== 0 && flags !== 1) throw protocolError('invalid array flags', SQLSTATE.BAD_BINARY);
  const expected = ELEMENT_OF.get(oid) as number;
  if (elementOid !== expected) {
    throw protocolError(`binary data has array element type ${elementOid} instead of expected ${expected}`, SQLSTATE.DATATYPE_MISMATCH);
  }
  if (b.length < 12 + 8 * ndim) throw insufficientData();
  const shape: number[] = [];
  let count = ndim === 0 ? 0 : 1;
  for (let d = 0; d < ndim; d++) {
    const extent = b.readInt32BE(12 + 8 * d);
    if (extent < 0) throw protocolError('invalid array dimension', SQLSTATE.BAD_BINARY);
    shape.push(extent);
    count *= extent;
    if (count > MAX_ELEMENTS) throw protocolError(`array size exceeds the maximum allowed (${MAX_ELEMENTS})`, SQLSTATE.PROGRAM_LIMIT);
  }
  let pos = 12 + 8 * ndim;
  if (count * 4 > b.length - pos) throw insufficientData();
  const texts = new Array<string>(count);
  for (let k = 0; k < count; k++) {
    if (b.length - pos < 4) throw insufficientData();
    const length = b.readInt32BE(pos);
    pos += 4;
    if (length === -1) { texts[k] = 'NULL'; continue; }
    if (length < 0 || length > b.length - pos) throw insufficientData();
    texts[k] = elementText(element(b.subarray(pos, pos + length), expected, index));
    pos += length;
  }
  if (pos !== b.length) throw badBinary(index);
  if (count === 0) return '{}';
  let next = 0;
  const level = (d: number): string => {
    const parts: string[] = [];
    for (let j = 0; j < shape[d]; j++) parts.push(d + 1 < shape.length ? level(d + 1) : texts[next++]);
    return `{${parts.join(',')}}`;
  };
  return level(0);
}

/** An element as array text writes it: numbers and booleans bare, everything else quoted. */
function elementText(v: SqlValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = typeof v === 'string' ? v : `\\x${Buffer.from(v).toString('hex')}`;
  return `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
