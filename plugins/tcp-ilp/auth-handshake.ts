/**
 * QuestDB's challenge-response authentication for the TCP line protocol (its EllipticCurveAuthenticator), as
 * the official clients speak it: the client sends its key id and `\n`; the server answers 512 random printable
 * ASCII bytes and `\n`; the client sends the base64 ECDSA P-256 SHA-256 signature of those bytes (DER, or the
 * 64-byte P1363 form) and `\n`; then lines follow. An unknown key id gets a challenge too and fails at the
 * signature, so the answer never tells which ids exist. Anything else fails the handshake (the connection is
 * closed). One instance per connection.
 */
import { KeyObject, randomBytes, verify } from 'node:crypto';

export const CHALLENGE_LENGTH = 512;
/** QuestDB's limit: base64 of the 72-byte longest DER signature. */
const MAX_SIGNATURE_BASE64 = 96;
const MAX_KEY_ID_BYTES = 1024;
const LF = 0x0a;

export type AuthStep =
  | { readonly kind: 'more' }
  | { readonly kind: 'done'; readonly keyId: string; readonly rest: Buffer }
  | { readonly kind: 'failed'; readonly reason: string };

export class AuthHandshake {
  private buffered: Buffer = Buffer.alloc(0);
  private keyId: string | undefined;
  private challenge: Buffer | undefined;

  /** @param send writes the challenge to the client */
  constructor(private readonly keys: ReadonlyMap<string, KeyObject>, private readonly send: (bytes: Buffer) => void) {}

  /** The bytes the client sent; what the handshake needs next, or its outcome. */
  feed(chunk: Buffer): AuthStep {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const lf = this.buffered.indexOf(LF);
    if (this.challenge === undefined) {
      if (lf < 0) return this.buffered.length > MAX_KEY_ID_BYTES ? failed('the key id is too long') : MORE;
      this.keyId = this.buffered.subarray(0, lf).toString('utf8').replace(/\r$/, '');
      this.buffered = this.buffered.subarray(lf + 1);
      this.challenge = newChallenge();
      this.send(Buffer.concat([this.challenge, Buffer.from('\n')]));
      return this.buffered.length > 0 ? this.feed(Buffer.alloc(0)) : MORE;
    }
    if (lf < 0) return this.buffered.length > MAX_SIGNATURE_BASE64 ? failed('the signature is too long') : MORE;
    const signature = this.buffered.subarray(0, lf).toString('latin1').replace(/\r$/, '');
    const rest = this.buffered.subarray(lf + 1);
    if (signature.length > MAX_SIGNATURE_BASE64) return failed('the signature is too long');
    const keyId = this.keyId ?? '';
    const key = this.keys.get(keyId);
    if (key === undefined || !verified(key, this.challenge, Buffer.from(signature, 'base64'))) {
      return failed(`the signature was not verified [keyId=${keyId}]`);
    }
    return { kind: 'done', keyId, rest };
  }
}

const MORE: AuthStep = { kind: 'more' };

function failed(reason: string): AuthStep {
  return { kind: 'failed', reason };
}

/** 512 bytes from 0x20 to 0x7e (QuestDB's alphabet), from the system's secure random source. */
function newChallenge(): Buffer {
  const b = randomBytes(CHALLENGE_LENGTH);
  for (let i = 0; i < b.length; i++) b[i] = 0x20 + (b[i] % 0x5f);
  return b;
}

/** A DER or 64-byte P1363 ECDSA signature of `challenge` by `key`; an all-zero signature never counts. */
function verified(key: KeyObject, challenge: Buffer, signature: Buffer): boolean {
  if (signature.length === 0 || signature.every((x) => x === 0)) return false;
  try {
    return verify('sha256', challenge, { key, dsaEncoding: signature.length === 64 ? 'ieee-p1363' : 'der' }, signature);
  } catch {
    return false;
  }
}
