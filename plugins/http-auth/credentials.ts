/**
 * The `Authorization` header: `Basic base64(user:password)` — everything after
 * the first `:` is the password — or `Bearer <token>`, or `Token <token>` (what InfluxDB v2 clients and
 * Telegraf send; the same token as Bearer). Schemes are case-insensitive.
 * Secrets are compared as SHA-256 digests with `timingSafeEqual`, so the time taken depends on neither
 * the secret's content nor its length.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type Credentials =
  | { readonly scheme: 'basic'; readonly user: string; readonly password: string }
  | { readonly scheme: 'bearer'; readonly token: string };

export function parseAuthorization(header: string | undefined): Credentials | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const space = value.indexOf(' ');
  if (space < 0) return undefined;
  const scheme = value.slice(0, space).toLowerCase();
  const rest = value.slice(space + 1).trim();
  if (scheme === 'bearer' || scheme === 'token') return rest === '' ? undefined : { scheme: 'bearer', token: rest };
  if (scheme !== 'basic' || !/^[A-Za-z0-9+/]*={0,2}$/.test(rest)) return undefined;
  const decoded = Buffer.from(rest, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { scheme: 'basic', user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The digest a secret is kept and compared as. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Constant-time equality of a presented secret and a stored digest. */
export function matchesDigest(presented: string, digest: Buffer): boolean {
  return timingSafeEqual(secretDigest(presented), digest);
}

/** Whether `presented` equals any of `digests`; compares against every one, whatever matches. */
export function matchesAnyDigest(presented: string, digests: readonly Buffer[]): boolean {
  const d = secretDigest(presented);
  let found = false;
  for (const candidate of digests) found = timingSafeEqual(d, candidate) || found;
  return found;
}
