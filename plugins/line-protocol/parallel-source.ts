/**
 * A BlockSource that parses one input on every parse worker at once. While the input is plain text lines (no
 * `"`, no `\`, no binary `==` values), every line end is a line boundary, so ~4 MiB pieces cut after a line
 * end are parsed independently, round-robin over the workers; their blocks come back in piece order with
 * line numbers offset by the lines of the pieces before them. The first piece that is not plain text (a
 * string may hold an escaped line end, a binary value any byte) switches the rest of the input to one
 * RemoteSource, which parses it in order on one worker. At most two pieces per worker are in flight.
 */
import { fromWire, WireBlock } from './block-transfer';
import { BlockSource, SourceLimits } from './block-source';
import { LineError } from './line-error';
import { newStage, RemoteSource } from './remote-source';
import { TableBlock } from './table-block';
import { TimeUnit } from './time-unit';
import { ParseReply, ParseRequest, WireError } from './worker-protocol';

/** Piece size (tests use smaller ones). */
export const PIECE_BYTES = 4 << 20;
const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** `name==` starts a binary value. */
const BINARY_MARK = Buffer.from('==');

/** A way to post to one parse worker. */
export type LaneChannel = (message: ParseRequest) => void;

interface PieceResult {
  readonly blocks: readonly WireBlock[];
  readonly lines: number;
  readonly rows: number;
  readonly bytes: number;
  readonly error: WireError | undefined;
}

export class ParallelSource implements BlockSource {
  private stage: Uint8Array;
  private staged = 0;
  private nextSeq = 0;
  /** Pieces before this one have been handed out by `take`. */
  private taken = 0;
  private readonly results = new Map<number, PieceResult>();
  /** Lines of the pieces handed out so far: the offset of the next piece's line numbers. */
  private lineBase = 0;
  /** After the input stopped being plain text; its line numbers follow every piece's lines. */
  private serial: RemoteSource | undefined;
  private ended = false;
  private failure: Error | undefined;
  private firstError: LineError | undefined;
  private wake: (() => void) | undefined;

  constructor(readonly id: number, private readonly lanes: readonly LaneChannel[], private readonly openSerial: () => RemoteSource,
    private readonly limits: SourceLimits, private readonly precision: TimeUnit, private readonly detach: () => void,
    private readonly pieceBytes = PIECE_BYTES) {
    this.stage = newStage(pieceBytes * 2);
  }

  feed(chunk: Uint8Array): void | Promise<void> {
    if (this.failure) throw this.failure;
    if (this.serial) return this.serial.feed(chunk);
    if (this.staged + chunk.length > this.stage.length) this.grow(this.staged + chunk.length);
    this.stage.set(chunk, this.staged);
    this.staged += chunk.length;
    while (!this.serial && this.staged >= this.pieceBytes) this.cut(false);
    // Idle workers get a smaller piece early; tiny pieces would cost more than they save.
    if (!this.serial && this.inFlight === 0 && this.staged >= this.pieceBytes / 4) this.cut(false);
    if (this.serial || this.inFlight <= 2 * this.lanes.length) return undefined;
    return new Promise((resolve) => { this.wake = resolve; });
  }

  end(): void {
    this.ended = true;
    this.serial?.end();
  }

  async take(): Promise<TableBlock[]> {
    if (!this.serial) this.cut(this.ended);
    while (this.inFlight > 0 && !this.failure) await new Promise<void>((resolve) => { this.wake = resolve; });
    if (this.failure) throw this.failure;
    const blocks: TableBlock[] = [];
    for (; this.taken < this.nextSeq; this.taken++) {
      const r = this.results.get(this.taken) as PieceResult;
      this.results.delete(this.taken);
      // Parsing stops at the first bad line: pieces after it were parsed for nothing.
      if (this.firstError === undefined) for (const w of r.blocks) blocks.push(fromWire(w, this.lineBase));
      this.firstError ??= lineError(r.error, this.lineBase);
      this.lineBase += r.lines;
    }
    if (this.serial && this.firstError === undefined) {
      // No piece is made after the switch, so lineBase now counts every piece's lines.
      for (const b of await this.serial.take()) blocks.push(shiftLines(b, this.lineBase));
      this.firstError ??= this.serial.error === undefined ? undefined : shiftError(this.serial.error, this.lineBase);
    }
    return blocks;
  }

  get error(): LineError | undefined {
    if (this.firstError) return this.firstError;
    // A piece's error counts once every piece before it is known to have none.
    let base = this.lineBase;
    for (let seq = this.taken; seq < this.nextSeq; seq++) {
      const r = this.results.get(seq);
      if (r === undefined) return undefined;
      if (r.error) return lineError(r.error, base);
      base += r.lines;
    }
    const e = this.serial?.error;
    return e === undefined ? undefined : shiftError(e, base);
  }

  get bufferedBytes(): number {
    let n = this.staged + (this.serial?.bufferedBytes ?? 0);
    for (const r of this.results.values()) n += r.bytes;
    return n;
  }

  /** Rows parsed and not taken; a staged line not yet sent counts as one, so a TCP commit tick takes it. */
  get bufferedRows(): number {
    let n = (this.serial?.bufferedRows ?? 0) + (this.staged > this.pendingLineBytes ? 1 : 0);
    for (const r of this.results.values()) n += r.rows;
    return n;
  }

  get unparsedBytes(): number {
    return this.staged + this.inFlight + (this.serial?.unparsedBytes ?? 0);
  }

  get pendingLineBytes(): number {
    if (this.serial) return this.serial.pendingLineBytes;
    return this.staged - (lastLineEnd(this.stage, this.staged) + 1);
  }

  close(): void {
    this.serial?.close();
    this.detach();
  }

  /** A reply for this session from any worker. */
  receive(reply: ParseReply): void {
    if (reply.type === 'piece') {
      this.results.set(reply.seq, { blocks: reply.blocks, lines: reply.lines, rows: reply.rows, bytes: reply.bytes, error: reply.error });
      if (this.inFlight <= this.lanes.length) this.release();
    } else if (reply.type === 'failed') {
      this.fail(new Error(`line protocol parse worker failed: ${reply.message}`));
    }
  }

  fail(e: Error): void {
    this.failure ??= e;
    this.serial?.fail(e);
    this.release();
  }

  private get inFlight(): number {
    return this.nextSeq - this.taken - this.results.size;
  }

  /** Sends the staged whole lines (all staged bytes when `final`) as a piece, or hands the input to the serial path. */
  private cut(final: boolean): void {
    const end = final ? this.staged : lastLineEnd(this.stage, this.staged) + 1;
    if (end === 0) {
      // No line end in a full stage: a long line, which the serial path bounds and reports.
      if (this.staged >= this.pieceBytes) this.toSerial();
      return;
    }
    const piece = this.stage.subarray(0, end);
    if (!isPlainText(piece)) {
      this.toSerial();
      return;
    }
    // The stage is copied to the worker (never transferred: see worker-protocol.ts), then the cut line's
    // tail moves to its start.
    const buffer = this.stage.buffer as ArrayBuffer;
    const seq = this.nextSeq++;
    this.lanes[seq % this.lanes.length]({ type: 'piece', id: this.id, seq, buffer, length: end, final, precision: this.precision, ...this.limits });
    this.stage.copyWithin(0, end, this.staged);
    this.staged -= end;
  }

  private toSerial(): void {
    this.serial = this.openSerial();
    if (this.staged > 0) void this.serial.feed(this.stage.subarray(0, this.staged));
    if (this.ended) this.serial.end();
    this.staged = 0;
    this.stage = new Uint8Array(0);
  }

  private grow(need: number): void {
    let n = this.stage.length * 2;
    while (n < need) n *= 2;
    const s = newStage(n);
    s.set(this.stage.subarray(0, this.staged));
    this.stage = s;
  }

  private release(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** No quote, backslash or `==`: every line end in the bytes ends a line. Three native scans, no byte loop. */
function isPlainText(b: Uint8Array): boolean {
  const bytes = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return bytes.indexOf(QUOTE) < 0 && bytes.indexOf(BACKSLASH) < 0 && bytes.indexOf(BINARY_MARK) < 0;
}

/** The last `\n` in `b[0..length)`, or -1 (a negative start would search from the array's end). */
function lastLineEnd(b: Uint8Array, length: number): number {
  return length === 0 ? -1 : b.lastIndexOf(LF, length - 1);
}

function lineError(e: WireError | undefined, base: number): LineError | undefined {
  if (e === undefined) return undefined;
  return new LineError(e.message, e.line === undefined ? undefined : e.line + base, e.status === 413 ? 'request too large' : 'invalid', e.status);
}

function shiftError(e: LineError, base: number): LineError {
  return e.line === undefined ? e : e.at(e.line + base);
}

function shiftLines(b: TableBlock, base: number): TableBlock {
  for (let i = 0; i < b.rows; i++) b.lines[i] += base;
  return b;
}
