/**
 * Appends lines to a file in batches: lines are encoded into one preallocated buffer and go out with
 * one write when it is full (`batchBytes`, 64 KiB by default) or at the end of the event-loop turn. Writes
 * are synchronous on purpose: bunyan ignores back-pressure, so an async queue
 * grows without bound during a burst (≈350 MB for 1M lines) while a 64 KiB write to the page cache
 * takes tens of microseconds; memory stays at one batch and no line is lost. A failing disk does not
 * throw into the caller: lost lines are counted and reported on stderr.
 */
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export const DEFAULT_BATCH_BYTES = 64 * 1024;

export class FileAppender {
  private fd: number;
  private readonly batch: Buffer;
  private used = 0;
  private scheduled: NodeJS.Immediate | undefined;
  private written: number;
  private lost = 0;

  /** Opens (creates) `path` for appending; throws when it cannot be opened, so start-up reports it. */
  constructor(readonly path: string, private readonly batchBytes = DEFAULT_BATCH_BYTES) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a');
    this.written = fstatSync(this.fd).size;
    this.batch = Buffer.allocUnsafe(Math.max(batchBytes, 4096));
  }

  /** Bytes in the file plus the batch not yet written. */
  get size(): number {
    return this.written + this.used;
  }

  /** Lines that could not be written (disk full, file closed). */
  get lostLines(): number {
    return this.lost;
  }

  appendLine(line: string): void {
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit: when the line may not fit, write out first.
    if (this.used + line.length * 3 + 1 > this.batch.length) {
      this.writeOut();
      if (line.length * 3 + 1 > this.batch.length) { this.writeBytes(Buffer.from(line + '\n', 'utf8'), 1); return; }
    }
    this.used += this.batch.write(line, this.used, 'utf8');
    this.batch[this.used++] = 10;
    if (this.used >= this.batchBytes) this.writeOut();
    else if (this.scheduled === undefined) {
      this.scheduled = setImmediate(() => this.writeOut());
      this.scheduled.unref();
    }
  }

  /** Writes the batch now. */
  writeOut(): void {
    if (this.scheduled !== undefined) { clearImmediate(this.scheduled); this.scheduled = undefined; }
    if (this.used === 0) return;
    const bytes = this.batch.subarray(0, this.used);
    this.used = 0;
    this.writeBytes(bytes, -1);
  }

  private writeBytes(bytes: Buffer, lines: number): void {
    if (this.fd < 0) { this.countLost(bytes, lines); return; }
    try {
      let off = 0;
      while (off < bytes.length) off += writeSync(this.fd, bytes, off, bytes.length - off);
      this.written += bytes.length;
    } catch (e) {
      this.countLost(bytes, lines, e);
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

  private countLost(bytes: Buffer, lines: number, e?: unknown): void {
    let n = lines;
    if (n < 0) { n = 0; for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++; }
    if (this.lost === 0 && e !== undefined) {
      process.stderr.write(`svc: cannot write log file ${this.path}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    this.lost += n;
  }
}
