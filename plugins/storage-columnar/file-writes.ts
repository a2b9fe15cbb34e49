/**
 * How a column write reaches its file: bytes at a position, then the file is finished as the commit mode
 * asks (fsync, close). `SYNC_WRITES` does it on the calling thread. `DeferredWrites` hands it to libuv's
 * thread pool, so the request thread goes on receiving and parsing while the kernel copies the bytes into
 * the page cache — during a large import that copy was most of the request thread's system time (each
 * fresh page-cache page costs a fault, on a virtual machine a host fault too). A deferred write's bytes
 * must stay untouched until `drain()` or `settle()` has returned, and nothing may read or write the file's
 * region meanwhile (table-writer.ts drains before every other step of the transaction). A failure carries
 * the file's `path` (Node's error from write(2) names none), so a full disk's answer names the file system.
 */
import { close, fsync, write, writeSync } from 'node:fs';
import { withPath } from '../../core/storage-exhaustion';
import { CommitMode, finishFile } from './atomic-file';

export interface FileWrites {
  /**
   * Writes `bytes` at `position` of `fd` (the file at `path`) and finishes the file; owns `fd` from the call
   * on, even on failure.
   */
  writeAndFinish(fd: number, bytes: Uint8Array, position: number, mode: CommitMode, path: string): void;
}

export const SYNC_WRITES: FileWrites = {
  writeAndFinish(fd: number, bytes: Uint8Array, position: number, mode: CommitMode, path: string): void {
    try {
      try {
        writeFully(fd, bytes, position);
      } finally {
        finishFile(fd, mode);
      }
    } catch (e) {
      throw withPath(e, path);
    }
  },
};

export class DeferredWrites implements FileWrites {
  private running = 0;
  private failure: Error | undefined;
  private waiting: (() => void)[] = [];

  /** Writes issued and not yet ended (tests). */
  get inFlight(): number {
    return this.running;
  }

  writeAndFinish(fd: number, bytes: Uint8Array, position: number, mode: CommitMode, path: string): void {
    this.running++;
    const end = (e: Error | null): void => {
      if (e) this.failure ??= withPath(e, path);
      if (--this.running === 0) for (const wake of this.waiting.splice(0)) wake();
    };
    const finish = (e: Error | null): void => {
      if (e || mode === 'nosync') { close(fd, (c) => end(e ?? c)); return; }
      if (mode === 'sync') { fsync(fd, (s) => close(fd, (c) => end(s ?? c))); return; }
      // async: the flush is requested but nothing waits for it.
      finishFile(fd, mode);
      end(null);
    };
    const from = (done: number): void => {
      if (done >= bytes.length) { finish(null); return; }
      write(fd, bytes, done, bytes.length - done, position + done, (e, n) => {
        if (e) finish(e);
        else if (n === 0) finish(new Error(`no progress writing a column file [fd=${fd}]`));
        else from(done + n);
      });
    };
    from(0);
  }

  /** Resolves once every write issued so far has ended; rejects with the first failure, until `forget()`. */
  async drain(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure;
  }

  /** Resolves once every write issued so far has ended, failed or not. */
  async settle(): Promise<void> {
    while (this.running > 0) await new Promise<void>((resolve) => { this.waiting.push(resolve); });
  }

  /** Clears a failure (its transaction was discarded). */
  forget(): void {
    this.failure = undefined;
  }
}

function writeFully(fd: number, b: Uint8Array, position: number): void {
  let done = 0;
  while (done < b.length) done += writeSync(fd, b, done, b.length - done, position + done);
}
