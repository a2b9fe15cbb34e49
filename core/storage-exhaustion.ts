/**
 * Storage exhaustion: a write the operating system refused for want of room, recognised by the errno code
 * Node gives it, however deep in a `cause` chain it arrives. A full disk is an operational condition, not a
 * bug: core/errors.ts turns what this finds into a 507 SvcError (`SvcError.insufficientStorage`), which every
 * listener answers as an expected error (docs/errors.md, "Storage exhaustion").
 */

/** The errno codes, with the words the message uses for each (strerror's, lower case). */
export const STORAGE_EXHAUSTION_REASONS = {
  /** The file system has no free block (errno 28 on Linux). */
  ENOSPC: 'no space left on device',
  /** The user's or group's disk quota is used up. */
  EDQUOT: 'disk quota exceeded',
  /** The file would pass the file system's largest file or the process's RLIMIT_FSIZE (`ulimit -f`). */
  EFBIG: 'file too large',
} as const;

export type StorageExhaustionCode = keyof typeof STORAGE_EXHAUSTION_REASONS;

export interface StorageExhaustion {
  readonly code: StorageExhaustionCode;
  /** The reason in words, e.g. `no space left on device`. */
  readonly reason: string;
  /** The file the write was for, when the error names one. */
  readonly path: string | undefined;
}

/** Links followed down a cause chain before giving up: a chain longer than this is no error of ours. */
const MAX_DEPTH = 16;

function isExhaustionCode(code: unknown): code is StorageExhaustionCode {
  return typeof code === 'string' && Object.hasOwn(STORAGE_EXHAUSTION_REASONS, code);
}

/**
 * The storage exhaustion `e` reports: `e` itself or any error in its `cause` chain (and an AggregateError's
 * `errors`) with `code` ENOSPC, EDQUOT or EFBIG. Undefined for anything else. Cycles and very deep chains end
 * the search.
 */
export function findStorageExhaustion(e: unknown): StorageExhaustion | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [e];
  while (queue.length > 0 && seen.size < MAX_DEPTH) {
    const x = queue.shift();
    if (typeof x !== 'object' || x === null || seen.has(x)) continue;
    seen.add(x);
    const { code, path } = x as { code?: unknown; path?: unknown };
    if (isExhaustionCode(code)) {
      return { code, reason: STORAGE_EXHAUSTION_REASONS[code], path: typeof path === 'string' && path !== '' ? path : undefined };
    }
    if ('cause' in x) queue.push(x.cause);
    if (x instanceof AggregateError) queue.push(...(x.errors as unknown[]));
  }
  return undefined;
}

/** The answer's text: `could not write to disk: no space left on device [path=<file>]`. */
export function storageExhaustionMessage(s: StorageExhaustion): string {
  return `could not write to disk: ${s.reason}${s.path === undefined ? '' : ` [path=${s.path}]`}`;
}

/**
 * Gives an errno error from a write by file descriptor (`write(2)`, `fsync(2)`: Node's error names no file)
 * the path of its file, so the answer can say which file system is full. Other values pass untouched.
 */
export function withPath<E>(e: E, path: string): E {
  if (e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && (e as NodeJS.ErrnoException).path === undefined) {
    (e as NodeJS.ErrnoException).path = path;
  }
  return e;
}
