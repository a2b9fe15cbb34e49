/** The content codings svc can compress responses with (content-encoding.ts). */
export type ContentCoding = 'zstd' | 'br' | 'gzip' | 'deflate';

export const CONTENT_CODINGS: readonly ContentCoding[] = ['zstd', 'br', 'gzip', 'deflate'];

export function isContentCoding(s: string): s is ContentCoding {
  return (CONTENT_CODINGS as readonly string[]).includes(s);
}
