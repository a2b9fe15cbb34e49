/**
 * Cache-Control for a static file. Fingerprinted names (a content hash in the name, as the bundled app's
 * `assets/app-K3J5ZQ2M.js`) never change content, so browsers keep them a year without asking again; every
 * other file (the index page above all) is revalidated on each use with its ETag, so a new build shows at once.
 */
const FINGERPRINT = /[-.][A-Z0-9]{8,}\.[a-z0-9]+(\.map)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function isFingerprinted(relativePath: string): boolean {
  return FINGERPRINT.test(relativePath);
}

export function cacheControlFor(relativePath: string): string {
  return isFingerprinted(relativePath) ? IMMUTABLE : REVALIDATE;
}
