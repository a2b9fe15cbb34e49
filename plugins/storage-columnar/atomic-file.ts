/**
 * Small-file durability helpers. `_meta` and `_txn` are replaced atomically: write a temp file, fsync it
 * when the commit mode asks, rename it over the old one, fsync the folder in `sync`.
 */
import { closeSync, fsync, fsyncSync, openSync, readSync, renameSync, writeSync, close } from 'node:fs';
import { dirname } from 'node:path';
import { withPath } from '../../core/storage-exhaustion';
import { sharedBuffer } from '../../core/data/shared-buffers';

export type CommitMode = 'nosync' | 'async' | 'sync';

export function writeFileAtomic(path: string, text: string, mode: CommitMode): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    if (mode === 'sync') fsyncSync(fd);
  } catch (e) {
    // write(2) names no file: a full disk's answer should (core/storage-exhaustion.ts).
    throw withPath(e, tmp);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  if (mode === 'sync') syncDirectory(dirname(path));
}

export function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try { fsyncSync(fd); } finally { closeSync(fd); }
}

/** Closes a file the writer wrote, first making it durable as the commit mode asks. */
export function finishFile(fd: number, mode: CommitMode): void {
  if (mode === 'sync') {
    fsyncSync(fd);
    closeSync(fd);
  } else if (mode === 'async') {
    // the flush is requested but the commit does not wait for it.
    fsync(fd, () => close(fd, () => undefined));
  } else {
    closeSync(fd);
  }
}

/**
 * Reads `length` bytes from `offset` of a file into a fresh, aligned buffer (SharedArrayBuffer so a
 * worker pool can scan it without copying), or into `into` (exactly `length` bytes). Throws when the file
 * is shorter: a committed size is missing.
 */
export function readBytes(path: string, offset: number, length: number, into?: Uint8Array): Uint8Array {
  const out = into ?? new Uint8Array(sharedBuffer(Math.max(length, 0)));
  if (length <= 0) return out;
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = readSync(fd, out, done, length - done, offset + done);
      if (n === 0) throw new Error(`column file shorter than its committed size [file=${path}, expected=${offset + length}]`);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}
