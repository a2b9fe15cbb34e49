/**
 * The backend messages of protocol 3.0 (PostgreSQL docs "Message Formats"), each written whole into a
 * BackendWriter. DataRow is written by data-row-writer.ts, which streams rows straight from vectors.
 */
import { BackendWriter } from './backend-writer';

const ch = (c: string): number => c.charCodeAt(0);

export type TransactionStatus = 'I' | 'T' | 'E';

/** One column of RowDescription. */
export interface FieldDescription {
  readonly name: string;
  readonly oid: number;
  readonly size: number;
  /** The type modifier (-1: none; CHAR's is 5, PostgreSQL's `char(1)`). */
  readonly modifier: number;
  /** 0 text, 1 binary. */
  readonly format: number;
}

/** ErrorResponse / NoticeResponse fields (S, V, C, M, P, D, H). */
export interface ErrorFields {
  readonly severity: 'ERROR' | 'FATAL' | 'NOTICE' | 'WARNING';
  readonly code: string;
  readonly message: string;
  /** 1-based character position in the query text. */
  readonly position?: number;
  readonly detail?: string;
  readonly hint?: string;
}

function authentication(w: BackendWriter, code: number, body?: Uint8Array): void {
  w.begin(ch('R'));
  w.int32(code);
  if (body) w.bytes(body);
  w.end();
}

export const authenticationOk = (w: BackendWriter): void => authentication(w, 0);
export const authenticationCleartextPassword = (w: BackendWriter): void => authentication(w, 3);
export const authenticationMd5Password = (w: BackendWriter, salt: Uint8Array): void => authentication(w, 5, salt);
export const authenticationSaslContinue = (w: BackendWriter, data: Uint8Array): void => authentication(w, 11, data);
export const authenticationSaslFinal = (w: BackendWriter, data: Uint8Array): void => authentication(w, 12, data);

export function authenticationSasl(w: BackendWriter, mechanisms: readonly string[]): void {
  w.begin(ch('R'));
  w.int32(10);
  for (const m of mechanisms) w.cstring(m);
  w.int8(0);
  w.end();
}

export function parameterStatus(w: BackendWriter, name: string, value: string): void {
  w.begin(ch('S'));
  w.cstring(name);
  w.cstring(value);
  w.end();
}

export function backendKeyData(w: BackendWriter, processId: number, secret: number): void {
  w.begin(ch('K'));
  w.int32(processId);
  w.int32(secret);
  w.end();
}

export function negotiateProtocolVersion(w: BackendWriter, minor: number, unrecognized: readonly string[]): void {
  w.begin(ch('v'));
  w.int32(minor);
  w.int32(unrecognized.length);
  for (const o of unrecognized) w.cstring(o);
  w.end();
}

export function readyForQuery(w: BackendWriter, status: TransactionStatus): void {
  w.begin(ch('Z'));
  w.int8(ch(status));
  w.end();
}

export function rowDescription(w: BackendWriter, fields: readonly FieldDescription[]): void {
  w.begin(ch('T'));
  w.int16(fields.length);
  for (const f of fields) {
    w.cstring(f.name);
    w.int32(0); // table OID
    w.int16(0); // column number
    w.int32(f.oid);
    w.int16(f.size);
    w.int32(f.modifier);
    w.int16(f.format);
  }
  w.end();
}

export function parameterDescription(w: BackendWriter, oids: readonly number[]): void {
  w.begin(ch('t'));
  w.int16(oids.length);
  for (const o of oids) w.int32(o);
  w.end();
}

export function commandComplete(w: BackendWriter, tag: string): void {
  w.begin(ch('C'));
  w.cstring(tag);
  w.end();
}

function empty(w: BackendWriter, type: string): void {
  w.begin(ch(type));
  w.end();
}

export const emptyQueryResponse = (w: BackendWriter): void => empty(w, 'I');
export const noData = (w: BackendWriter): void => empty(w, 'n');
export const parseComplete = (w: BackendWriter): void => empty(w, '1');
export const bindComplete = (w: BackendWriter): void => empty(w, '2');
export const closeComplete = (w: BackendWriter): void => empty(w, '3');
export const portalSuspended = (w: BackendWriter): void => empty(w, 's');

function fields(w: BackendWriter, type: string, f: ErrorFields): void {
  w.begin(ch(type));
  w.int8(ch('S')); w.cstring(f.severity);
  w.int8(ch('V')); w.cstring(f.severity);
  w.int8(ch('C')); w.cstring(f.code);
  w.int8(ch('M')); w.cstring(f.message);
  if (f.detail !== undefined) { w.int8(ch('D')); w.cstring(f.detail); }
  if (f.hint !== undefined) { w.int8(ch('H')); w.cstring(f.hint); }
  if (f.position !== undefined) { w.int8(ch('P')); w.cstring(String(f.position)); }
  w.int8(0);
  w.end();
}

export const errorResponse = (w: BackendWriter, f: ErrorFields): void => fields(w, 'E', f);
export const noticeResponse = (w: BackendWriter, f: ErrorFields): void => fields(w, 'N', f);

/** CopyInResponse / CopyOutResponse: text format overall and for each of `columns` columns. */
function copyResponse(w: BackendWriter, type: string, columns: number): void {
  w.begin(ch(type));
  w.int8(0);
  w.int16(columns);
  for (let k = 0; k < columns; k++) w.int16(0);
  w.end();
}

export const copyInResponse = (w: BackendWriter, columns: number): void => copyResponse(w, 'G', columns);
export const copyOutResponse = (w: BackendWriter, columns: number): void => copyResponse(w, 'H', columns);
export const copyDone = (w: BackendWriter): void => empty(w, 'c');
