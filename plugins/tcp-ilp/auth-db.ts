/**
 * The public keys TCP line-protocol clients authenticate with (`line.tcp.auth.db.path`), in QuestDB's auth db
 * format: one key per line, `<key id> ec-p-256-sha256 <x> <y>`, separated by spaces or tabs, where x and y are
 * the base64url coordinates of the client's P-256 public key (a JSON Web Key's `x` and `y`; a leading zero
 * byte, as Java writes a positive BigInteger, is allowed); `#` starts a comment line. A malformed file stops
 * the start-up with the line that is wrong.
 */
import { createPublicKey, KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SvcError } from '../../core/errors';

const KEY_TYPE = 'ec-p-256-sha256';

/** Parses the auth db text; `source` names the file in errors. */
export function parseAuthDb(text: string, source: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fail = (why: string): never => { throw new SvcError(`invalid line protocol auth db [file=${source}, line=${i + 1}]: ${why}`, 500); };
    const tokens = line.split(/\s+/);
    if (tokens.length !== 4) fail('expected 4 tokens: <key id> ec-p-256-sha256 <x> <y>');
    const [keyId, type, x, y] = tokens;
    if (type !== KEY_TYPE) fail(`unrecognized key type ${type}`);
    if (keys.has(keyId)) fail(`duplicate key id ${keyId}`);
    try {
      keys.set(keyId, createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(x), y: coordinate(y) }, format: 'jwk' }));
    } catch (e) {
      fail(`not a P-256 public key (${e instanceof Error ? e.message : String(e)})`);
    }
  });
  return keys;
}

/** Reads and parses the auth db file. */
export function loadAuthDb(path: string): Map<string, KeyObject> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SvcError(`cannot read the line protocol auth db [file=${path}]: ${e instanceof Error ? e.message : String(e)}`, 500);
  }
  return parseAuthDb(text, path);
}

/** A base64url coordinate as the 32 bytes a JWK needs (Java's sign byte dropped, short values padded). */
function coordinate(text: string): string {
  let bytes = Buffer.from(text, 'base64url');
  while (bytes.length > 32 && bytes[0] === 0) bytes = bytes.subarray(1);
  if (bytes.length > 32) throw new Error('coordinate longer than 32 bytes');
  return Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]).toString('base64url');
}
