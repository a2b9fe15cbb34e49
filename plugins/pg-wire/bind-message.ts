/**
 * The Bind message and its parameter values: each value arrives as text (checked to be UTF-8 and
 * converted by the engine to the parameter's type) or in the binary format of its OID (binary-parameters.ts:
 * integers, floats, booleans, timestamps as µs since 1970, UUID text, bytea bytes, numeric and arrays
 * as text). Format codes other than 0 (text) and 1 (binary) are refused (22023).
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { decodeBinaryParameter } from './binary-parameters';
import { malformed, MessageBody } from './message-body';
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';
import { strictUtf8 } from './strict-utf8';
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
  const formats = Array.from({ length: r.int16() }, () => formatCode(r.int16()));
  const values = Array.from({ length: r.int16() }, () => {
    const n = r.int32();
    if (n < -1) throw malformed();
    return n === -1 ? null : r.bytes(n);
  });
  const resultFormats = Array.from({ length: r.int16() }, () => formatCode(r.int16()));
  if (r.remaining > 0) throw malformed();
  return { portal, statement, formats, values, resultFormats };
}

function formatCode(code: number): number {
  if (code !== 0 && code !== 1) throw protocolError(`unsupported format code: ${code}`, SQLSTATE.INVALID_PARAMETER_VALUE);
  return code;
}

/** The format of item `i` from a format-code list (none: text; one: all; else one each). */
export function formatAt(codes: readonly number[], i: number): number {
  return codes.length === 0 ? 0 : codes.length === 1 ? codes[0] : codes[i] ?? 0;
}

/**
 * The values of a Bind, by the OIDs of the statement's ParameterDescription and, where known, the types of
 * its parameter slots (`types[i]`): a slot that is DATE or TIMESTAMP_NS is described as timestamp, so its
 * binary value is µs and is converted to the slot's unit here (ms rounded down, ns), as QuestDB converts
 * a binary timestamp into its bind variable's type.
 */
export function decodeParameters(bind: BindMessage, oids: readonly number[], types: readonly (ColumnType | undefined)[] = []): SqlValue[] {
  if (bind.formats.length > 1 && bind.formats.length !== bind.values.length) {
    throw protocolError(`bind message has ${bind.formats.length} parameter formats but ${bind.values.length} parameters`, SQLSTATE.PROTOCOL_VIOLATION);
  }
  return bind.values.map((v, i) => {
    if (v === null) return null;
    const oid = oids[i] ?? 0;
    if (formatAt(bind.formats, i) === 0) return oid === Oid.BYTEA ? byteaText(strictUtf8(v)) : strictUtf8(v);
    const value = decodeBinaryParameter(v, oid, i);
    return oid === Oid.TIMESTAMP || oid === Oid.TIMESTAMPTZ ? microsAs(value, types[i]) : value;
  });
}

/** A binary timestamp's µs in the unit of the slot's type: DATE ms (rounded down), TIMESTAMP_NS ns. */
function microsAs(micros: SqlValue, type: ColumnType | undefined): SqlValue {
  if (typeof micros !== 'number' && typeof micros !== 'bigint') return micros;
  switch (type?.tag) {
    case TypeTag.DATE: {
      // Once per execution: exact in bigints.
      const us = BigInt(micros);
      const ms = us / 1000n;
      return exactNumber(us < 0n && ms * 1000n !== us ? ms - 1n : ms);
    }
    case TypeTag.TIMESTAMP_NS: return exactNumber(BigInt(micros) * 1000n);
    default: return micros;
  }
}

/** A number within 2^53, else the bigint (as the decoders give an int8). */
function exactNumber(x: bigint): number | bigint {
  return Number.isSafeInteger(Number(x)) ? Number(x) : x;
}

/** bytea's text input: `\x` + hex digits, else the bytes of the text as given. */
function byteaText(s: string): Uint8Array {
  if (/^\\x([0-9a-fA-F]{2})*$/.test(s)) return new Uint8Array(Buffer.from(s.slice(2), 'hex'));
  return new Uint8Array(Buffer.from(s, 'utf8'));
}
