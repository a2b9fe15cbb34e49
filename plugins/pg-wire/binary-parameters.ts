/**
 * Bind parameters in binary format, decoded by the OID the statement declared. Every decoder checks the
 * value's length against the bytes that carry it, as PostgreSQL's receive functions do: fewer bytes than
 * the type needs is `08P01 insufficient data left in message`, bytes left over (or a field no value can
 * have) is `22P03 incorrect binary data format`, so a lying length is a client error, never an internal
 * one. Numeric and arrays have decoders of their own (binary-numeric.ts, binary-array.ts).
 */
import { SqlValue } from '../../core/sql/vector/sql-value';
import { PG_EPOCH_MICROS } from './binary-cell-encoders';
import { decodeBinaryArray, isArrayOid } from './binary-array';
import { decodeBinaryNumeric } from './binary-numeric';
import { badBinary, insufficientData, protocolError } from './pg-protocol-error';
import { strictUtf8 } from './strict-utf8';
import { Oid } from '../sql-catalog/pg-type-oids';
import { SQLSTATE } from './sql-state';

const DAY_MS = 86_400_000;

/** Parameter `index` (0-based) of type `oid` from its binary bytes. */
export function decodeBinaryParameter(b: Buffer, oid: number, index: number): SqlValue {
  const size = (n: number): void => {
    if (b.length < n) throw insufficientData();
    if (b.length > n) throw badBinary(index);
  };
  switch (oid) {
    case Oid.BOOL: size(1); return b[0] !== 0;
    case Oid.INT2: size(2); return b.readInt16BE(0);
    case Oid.INT4: size(4); return b.readInt32BE(0);
    case Oid.OID: size(4); return b.readUInt32BE(0);
    case Oid.INT8: { size(8); const x = b.readBigInt64BE(0); return Number.isSafeInteger(Number(x)) ? Number(x) : x; }
    case Oid.FLOAT4: size(4); return b.readFloatBE(0);
    case Oid.FLOAT8: size(8); return b.readDoubleBE(0);
    case Oid.TIMESTAMP: case Oid.TIMESTAMPTZ: {
      size(8);
      // µs since 2000-01-01, kept exact past 2^53 (a bigint, as INT8); PostgreSQL's ±infinity and a value whose
      // µs since 1970 pass a LONG are out of range.
      const raw = b.readBigInt64BE(0);
      const us = raw + BigInt(PG_EPOCH_MICROS);
      if (raw === INT64_MAX || raw === INT64_MIN || us > INT64_MAX) throw outOfRange('timestamp');
      return Number.isSafeInteger(Number(us)) ? Number(us) : us;
    }
    case Oid.DATE: {
      size(4);
      const ms = b.readInt32BE(0) * DAY_MS + PG_EPOCH_MICROS / 1000;
      if (!Number.isSafeInteger(ms)) throw outOfRange('date');
      return ms;
    }
    case Oid.UUID: { size(16); const h = b.toString('hex'); return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`; }
    case Oid.BYTEA: return new Uint8Array(b);
    case Oid.NUMERIC: return decodeBinaryNumeric(b, index);
    case Oid.JSONB:
      // jsonb's binary form is a version byte (1) and the text.
      if (b.length < 1) throw insufficientData();
      if (b[0] !== 1) throw protocolError(`unsupported jsonb version number ${b[0]}`, SQLSTATE.BAD_BINARY);
      return strictUtf8(b.subarray(1));
    case Oid.TEXT: case Oid.VARCHAR: case Oid.BPCHAR: case Oid.NAME: case Oid.UNKNOWN: case Oid.CHAR: case Oid.JSON: case 0:
      return strictUtf8(b);
    default:
      if (isArrayOid(oid)) return decodeBinaryArray(b, oid, index, decodeBinaryParameter);
      throw protocolError(`binary format of parameter $${index + 1} [oid=${oid}] is not supported`, SQLSTATE.FEATURE_NOT_SUPPORTED);
  }
}

const INT64_MAX = 0x7fffffffffffffffn;
const INT64_MIN = -0x8000000000000000n;

function outOfRange(type: string): Error {
  return protocolError(`${type} out of range`, SQLSTATE.DATETIME_OVERFLOW);
}
