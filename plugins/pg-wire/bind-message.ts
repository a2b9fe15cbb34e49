/**
 * The Bind message and its parameter values: each value arrives as text (decoded as UTF-8 and converted
 * by the engine to the parameter's type) or in the binary format of its OID (decoded here to a typed
 * value: integers, floats, booleans, timestamps as µs since 1970, UUID text, bytea bytes).
 */
import { SvcError } from '../../core/errors';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { PG_EPOCH_MICROS } from './binary-cell-encoders';
import { MessageBody } from './message-body';
import { Oid } from '../sql-catalog/pg-type-oids';

export interface BindMessage {
  readonly portal: string;
  readonly statement: string;
  readonly formats: readonly number[];
  readonly values: readonly (Buffer | null)[];
  readonly resultFormats: readonly number[];
}

export function parseBind(body: Buffer): BindMessage {
  const r = new MessageBody(body);
  const portal = r.cstring();
  const statement = r.cstring();
  const formats = Array.from({ length: r.int16() }, () => r.int16());
  const values = Array.from({ length: r.int16() }, () => { const n = r.int32(); return n < 0 ? null : r.bytes(n); });
  const resultFormats = Array.from({ length: r.int16() }, () => r.int16());
  return { portal, statement, formats, values, resultFormats };
}

/** The format of item `i` from a format-code list (none: text; one: all; else one each). */
export function formatAt(codes: readonly number[], i: number): number {
  return codes.length === 0 ? 0 : codes.length === 1 ? codes[0] : codes[i] ?? 0;
}

export function decodeParameters(bind: BindMessage, oids: readonly number[]): SqlValue[] {
  if (bind.formats.length > 1 && bind.formats.length !== bind.values.length) throw protocol('parameter format count does not match the value count');
  return bind.values.map((v, i) => {
    if (v === null) return null;
    if (formatAt(bind.formats, i) === 0) return oids[i] === Oid.BYTEA ? byteaText(v.toString('utf8')) : v.toString('utf8');
    return decodeBinary(v, oids[i] ?? 0, i);
  });
}

/** bytea's text input: `\x` + hex digits, else the bytes of the text as given. */
function byteaText(s: string): Uint8Array {
  if (/^\\x([0-9a-fA-F]{2})*$/.test(s)) return new Uint8Array(Buffer.from(s.slice(2), 'hex'));
  return new Uint8Array(Buffer.from(s, 'utf8'));
}

function protocol(message: string): SvcError {
  return SvcError.badRequest(message);
}

function decodeBinary(b: Buffer, oid: number, i: number): SqlValue {
  const size = (n: number): void => { if (b.length !== n) throw protocol(`insufficient data left in message [parameter=$${i + 1}]`); };
  switch (oid) {
    case Oid.BOOL: size(1); return b[0] !== 0;
    case Oid.INT2: size(2); return b.readInt16BE(0);
    case Oid.INT4: size(4); return b.readInt32BE(0);
    case Oid.OID: size(4); return b.readUInt32BE(0);
    case Oid.INT8: { size(8); const x = b.readBigInt64BE(0); return Number.isSafeInteger(Number(x)) ? Number(x) : x; }
    case Oid.FLOAT4: size(4); return b.readFloatBE(0);
    case Oid.FLOAT8: size(8); return b.readDoubleBE(0);
    case Oid.TIMESTAMP: case Oid.TIMESTAMPTZ: { size(8); return Number(b.readBigInt64BE(0)) + PG_EPOCH_MICROS; }
    case Oid.DATE: size(4); return b.readInt32BE(0) * 86_400_000 + PG_EPOCH_MICROS / 1000;
    case Oid.UUID: { size(16); const h = b.toString('hex'); return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`; }
    case Oid.BYTEA: return new Uint8Array(b);
    case Oid.NUMERIC: return numeric(b);
    case Oid.TEXT: case Oid.VARCHAR: case Oid.BPCHAR: case Oid.NAME: case Oid.UNKNOWN: case Oid.CHAR: case 0:
      return b.toString('utf8');
    default: throw new SvcError(`binary format of parameter $${i + 1} [oid=${oid}] is not supported`, 400, 0);
  }
}

/** PostgreSQL's binary numeric: base-10000 digits with a weight, sign and display scale. */
function numeric(b: Buffer): number {
  if (b.length < 8) throw protocol('insufficient data left in message');
  const n = b.readInt16BE(0), weight = b.readInt16BE(2), sign = b.readUInt16BE(4);
  if (sign === 0xc000) return NaN;
  let x = 0;
  for (let k = 0; k < n; k++) x += b.readInt16BE(8 + 2 * k) * 10000 ** (weight - k);
  return sign === 0x4000 ? -x : x;
}
