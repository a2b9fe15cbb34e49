/**
 * Feeds a byte stream to the LineParser line by line. Lines are parsed where they lie in the incoming chunk;
 * only a line cut by the chunk's end is kept (the carry) and parsed again once the bytes it needs have
 * arrived: a text line needs a line end, a binary value its declared length. So a long line is scanned a
 * bounded number of times, never once per chunk. Blank lines, `\r\n` ends and `#` comment lines are skipped
 * and not counted: line numbers count measurements, as QuestDB counts them. A line longer than the
 * limit fails with 413.
 */
import { LineError, LineMessages } from './line-error';
import { LINE_FAILED, LINE_NEED_MORE, LINE_RESTART, LineParser } from './line-parser';

const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const SPACE = 0x20;
const TAB = 0x09;
/** A carry that grew past this is given back once its long line is done. */
const KEEP_CARRY_BYTES = 1 << 20;

/** The index of the first `\n` or `\r`, or -1 (a `\r` is looked for only before the first `\n`). */
function lineEnd(b: Uint8Array): number {
  const lf = b.indexOf(LF);
  if (lf < 0) return b.indexOf(CR);
  for (let i = 0; i < lf; i++) if (b[i] === CR) return i;
  return lf;
}

export class LineReader {
  /** Measurements parsed so far. */
  lines = 0;
  /** Bytes fed so far. */
  bytes = 0;
  error: LineError | undefined;
  private carry = new Uint8Array(0);
  private carryLength = 0;
  private need = 0;
  private needLineEnd = false;

  constructor(private readonly parser: LineParser, private readonly maxLineBytes: number, private readonly maxLineKey: string) {}

  /** Parses every complete line of `chunk` (after what earlier chunks left). Stops at the first error. */
  feed(chunk: Uint8Array): void {
    if (this.error !== undefined) return;
    this.bytes += chunk.length;
    if (this.carryLength === 0) {
      const used = this.parse(chunk, 0, chunk.length, false);
      if (this.error === undefined && used < chunk.length) this.keep(chunk, used);
      return;
    }
    // Only the bytes that can finish the carried line join it; the rest is parsed where it lies.
    let take = chunk.length;
    if (this.needLineEnd) {
      const end = lineEnd(chunk);
      if (end < 0) {
        this.append(chunk);
        // Still one unfinished line.
        if (this.carryLength > this.maxLineBytes) this.tooLarge();
        return;
      }
      take = end + 1;
    } else if (this.carryLength + chunk.length >= this.need) {
      take = Math.min(chunk.length, Math.max(1, this.need - this.carryLength));
      const end = lineEnd(chunk.subarray(take));
      take = end < 0 ? chunk.length : take + end + 1;
    }
    this.append(take === chunk.length ? chunk : chunk.subarray(0, take));
    if (this.error !== undefined || this.carryLength < this.need) return;
    const used = this.parse(this.carry, 0, this.carryLength, false);
    if (this.error !== undefined) return;
    this.drop(used);
    if (take === chunk.length) return;
    if (this.carryLength > 0) {
      // The line end was inside a string: the carry takes the rest too.
      this.append(chunk.subarray(take));
      const again = this.parse(this.carry, 0, this.carryLength, false);
      if (this.error === undefined) this.drop(again);
      return;
    }
    const used2 = this.parse(chunk, take, chunk.length, false);
    if (this.error === undefined && used2 < chunk.length) this.keep(chunk, used2);
  }

  /** The input ended: a last line without a line end is a line. */
  end(): void {
    if (this.error !== undefined || this.carryLength === 0) return;
    this.parse(this.carry, 0, this.carryLength, true);
    this.carryLength = 0;
    this.carry = new Uint8Array(0);
  }

  /** Bytes of an unfinished line held. */
  get pendingBytes(): number {
    return this.carryLength;
  }

  private parse(b: Uint8Array, p: number, end: number, final: boolean): number {
    while (p < end) {
      const c = b[p];
      if (c === LF || c === CR) { p++; continue; }
      if (c === SPACE || c === TAB) {
        // A line of only spaces is blank too.
        let q = p + 1;
        while (q < end && (b[q] === SPACE || b[q] === TAB)) q++;
        if (q >= end && !final) return this.needMore(b, p, end, end - p + 1, true);
        if (q >= end || b[q] === LF || b[q] === CR) { p = q; continue; }
      }
      if (c === HASH) {
        const lf = b.indexOf(LF, p);
        if (lf < 0) {
          if (final) return end;
          return this.needMore(b, p, end, end - p + 1, true);
        }
        p = lf + 1;
        continue;
      }
      const r = this.parser.parseLine(b, p, end, final, this.lines + 1);
      if (r >= 0) {
        this.lines++;
        if (r - p > this.maxLineBytes) {
          this.lines--;
          this.tooLarge();
          return end;
        }
        p = r;
        continue;
      }
      if (r === LINE_RESTART) continue;
      if (r === LINE_NEED_MORE) return this.needMore(b, p, end, this.parser.need, this.parser.needLineEnd);
      if (r === LINE_FAILED) this.error = this.parser.error;
      return end;
    }
    this.need = 0;
    return p;
  }

  private needMore(b: Uint8Array, p: number, end: number, need: number, lineEnd: boolean): number {
    this.need = need;
    this.needLineEnd = lineEnd;
    if (need > this.maxLineBytes || end - p > this.maxLineBytes) this.tooLarge();
    return p;
  }

  private tooLarge(): void {
    this.error = new LineError(LineMessages.lineTooLarge(this.maxLineKey, this.maxLineBytes), this.lines + 1, 'request too large');
  }

  private keep(chunk: Uint8Array, from: number): void {
    const n = chunk.length - from;
    if (this.carry.length < n) this.carry = new Uint8Array(Math.max(n, 64 * 1024));
    this.carry.set(chunk.subarray(from), 0);
    this.carryLength = n;
  }

  private append(chunk: Uint8Array): void {
    const need = this.carryLength + chunk.length;
    if (need > this.carry.length) {
      let size = Math.max(64 * 1024, this.carry.length * 2);
      while (size < need) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.carry.subarray(0, this.carryLength));
      this.carry = grown;
    }
    this.carry.set(chunk, this.carryLength);
    this.carryLength = need;
  }

  private drop(used: number): void {
    const rest = this.carryLength - used;
    if (this.carry.length > KEEP_CARRY_BYTES && rest < KEEP_CARRY_BYTES / 4) {
      this.carry = this.carry.slice(used, this.carryLength);
    } else {
      this.carry.copyWithin(0, used, this.carryLength);
    }
    this.carryLength = rest;
  }
}
