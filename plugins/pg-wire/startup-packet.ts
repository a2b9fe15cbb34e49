/**
 * The first packet of a connection (no type byte): SSLRequest / GSSENCRequest (answered `N`: no
 * encryption), CancelRequest (process id + secret key of the backend to cancel), or the StartupMessage
 * with the protocol version and `name=value` parameters (`user`, `database`, `application_name`, …).
 */
import { MessageBody } from './message-body';

export type StartupPacket =
  | { readonly kind: 'ssl' }
  | { readonly kind: 'gss' }
  | { readonly kind: 'cancel'; readonly processId: number; readonly secretKey: number }
  | { readonly kind: 'startup'; readonly major: number; readonly minor: number; readonly parameters: ReadonlyMap<string, string> };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

export function parseStartupPacket(body: Buffer): StartupPacket {
  const r = new MessageBody(body);
  const code = r.int32();
  if (code === SSL_REQUEST) return { kind: 'ssl' };
  if (code === GSSENC_REQUEST) return { kind: 'gss' };
  if (code === CANCEL_REQUEST) return { kind: 'cancel', processId: r.int32(), secretKey: r.int32() };
  const parameters = new Map<string, string>();
  const major = code >>> 16, minor = code & 0xffff;
  if (major === 3) {
    while (r.remaining > 1) {
      const name = r.cstring();
      if (name === '') break;
      parameters.set(name, r.cstring());
    }
  }
  return { kind: 'startup', major, minor, parameters };
}
