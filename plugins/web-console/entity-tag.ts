/** Strong entity tags for static files and the `If-None-Match` check (RFC 9110 §13.1.2). */
import { createHash } from 'node:crypto';

/** A tag from a file's size and modification time: changes whenever the file is rewritten. */
export function fileTag(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** A tag from content held in memory. */
export function contentTag(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/** True when the request's If-None-Match lists `tag` (weak comparison, `*` matches anything). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
