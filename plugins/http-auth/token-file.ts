/**
 * Bearer tokens kept in a file (`http.auth.tokens.file`, or `SVC_HTTP_AUTH_TOKENS_FILE`): one token per
 * line or comma-separated, `#` starts a comment line. The file is checked for changes every second
 * (`fs.watchFile` polls its stat, so editors that replace the file are seen too): adding a line issues a
 * token, deleting it revokes it, without a restart. A missing or unreadable file accepts no token.
 */
import { readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { matchesAnyDigest, secretDigest } from './credentials';

export const TOKEN_FILE_POLL_MS = 1000;
/** The `.file` convention's limit, also on every re-read. */
export const TOKEN_FILE_MAX_BYTES = 64 * 1024;

export function parseTokenList(text: string): string[] {
  const tokens: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    for (const t of trimmed.split(',')) if (t.trim() !== '') tokens.push(t.trim());
  }
  return tokens;
}

export class TokenFile {
  private digests: Buffer[] = [];
  private readonly onChange = (): void => this.reload();
  private watching = false;

  /** `onError` hears about a file that cannot be read (its tokens are then all refused). */
  constructor(readonly path: string, private readonly onError: (message: string) => void = () => undefined) {
    this.reload();
  }

  get size(): number {
    return this.digests.length;
  }

  /** Starts polling the file; the poll timer does not keep the process alive. */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    watchFile(this.path, { interval: TOKEN_FILE_POLL_MS, persistent: false }, this.onChange);
  }

  close(): void {
    if (!this.watching) return;
    this.watching = false;
    unwatchFile(this.path, this.onChange);
  }

  matches(token: string): boolean {
    return matchesAnyDigest(token, this.digests);
  }

  /** Re-reads the file now (also called by the poller on every change of its stat). */
  reload(): void {
    try {
      const size = statSync(this.path).size;
      if (size > TOKEN_FILE_MAX_BYTES) throw new Error(`larger than 64 KB [size=${size}]`);
      this.digests = parseTokenList(readFileSync(this.path, 'utf8')).map(secretDigest);
    } catch (e) {
      this.digests = [];
      this.onError(`cannot read the token file, no bearer token is accepted [path=${this.path}] ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
