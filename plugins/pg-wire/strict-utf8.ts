/**
 * Text a client sent, decoded as UTF-8 and refused when it is not (`22021`, as PostgreSQL answers for a
 * server encoding of UTF8), instead of replacing bad bytes with U+FFFD and storing something else.
 */
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function strictUtf8(bytes: Uint8Array): string {
  // Plain ASCII is by far the common case and needs no check.
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 0x7f) { ascii = false; break; }
  if (ascii) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  try {
    return DECODER.decode(bytes);
  } catch {
    throw protocolError('invalid byte sequence for encoding "UTF8"', SQLSTATE.BAD_ENCODING);
  }
}
