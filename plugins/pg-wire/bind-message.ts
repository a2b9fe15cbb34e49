/**
 * The Bind message and its parameter values: each value arrives as text (checked to be UTF-8 and
 * converted by the engine to the parameter's type) or in the binary format of its OID (binary-parameters.ts:
 * integers, floats, booleans, timestamps as µs since 1970, UUID text, bytea bytes, numeric and arrays
 * as text). Format codes other than 0 (text) and 1 (binary) are refused (22023).
 */
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

export function decodeParameters(bind: BindMessage, oids: readonly number[]): SqlValue[] {
  if (bind.formats.length > 1 && bind.formats.length !== bind.values.length) {
    throw protocolError(`bind message has ${bind.formats.length} parameter formats but ${bind.values.length} parameters`, SQLSTATE.PROTOCOL_VIOLATION);
  }
  return bind.values.map((v, i) => {
    if (v === null) return null;
    if (formatAt(bind.formats, i) === 0) return oids[i] === Oid.BYTEA ? byteaText(strictUtf8(v)) : strictUtf8(v);
    return decodeBinaryParameter(v, oids[i] ?? 0, i);
  });
}

/** bytea's text input: `\x` + hex digits, else the bytes of the text as given. */
function byteaText(s: string): Uint8Array {
  if (/^\\x([0-9a-fA-F]{2})*$/.test(s)) return new Uint8Array(Buffer.from(s.slice(2), 'hex'));
  return new Uint8Array(Buffer.from(s, 'utf8'));
}
