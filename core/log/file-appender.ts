/**
 * Appends lines to a file in batches: lines gather in one string and go out with one write when the
 * batch reaches `batchBytes` (64 KiB by default) or at the end of the current event-loop turn. Writes
 * are synchronous on purpose: bunyan ignores back-pressure (libraries.md "bunyan"), so an async queue
 * grows without bound during a burst (≈350 MB for 1M lines) while a 64 KiB write to the page cache
 * takes tens of microseconds; memory stays at one batch and no line is lost. A failing disk does not
 * throw into the caller: lost lines are counted and reported on stderr.
 */
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export const DEFAULT_BATCH_BYTES = 64 * 1024;

export class FileAppender {
  private fd: number;
  private batch = '';
  private scheduled: NodeJS.Immediate | undefined;
  private written: number;
  private lost = 0;

  /** Opens (creates) `path` for appending; throws when it cannot be opened, so start-up reports it. */
  constructor(readonly path: string, private readonly batchBytes = DEFAULT_BATCH_BYTES) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a');
    this.written = fstatSync(this.fd).size;
  }

  /** Bytes in the file plus the batch not yet written (counted as characters: lines are mostly ASCII). */
  get size(): number {
    return this.written + this.batch.length;
  }

  /** Lines that could not be written (disk full, file closed). */
  get lostLines(): number {
    return this.lost;
  }

  appendLine(line: string): void {
    this.batch += line + '\n';
    if (this.batch.length >= this.batchBytes) this.writeOut();
    else if (this.scheduled === undefined) {
      this.scheduled = setImmediate(() => this.writeOut());
      this.scheduled.unref();
    }
  }

  /** Writes the batch now. */
  writeOut(): void {
    if (this.scheduled !== undefined) { clearImmediate(this.scheduled); this.scheduled = undefined; }
    if (this.batch === '') return;
    const text = this.batch;
    this.batch = '';
    if (this.fd < 0) { this.countLost(text); return; }
    try {
      const bytes = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < bytes.length) off += writeSync(this.fd, bytes, off, bytes.length - off);
      this.written += bytes.length;
    } catch (e) {
      this.countLost(text, e);
    }
  }

  close(): void {
    this.writeOut();
    if (this.fd >= 0) {
      try { closeSync(this.fd); } catch { /* already gone */ }
      this.fd = -1;
    }
    if (this.lost > 0) process.stderr.write(`svc: ${this.lost} log lines could not be written to ${this.path}\n`);
  }

  private countLost(text: string, e?: unknown): void {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
    if (this.lost === 0 && e !== undefined) {
      process.stderr.write(`svc: cannot write log file ${this.path}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    this.lost += n;
  }
}
