/**
 * Streams delimited bytes into ColumnBatches of the target table's layout. Chunks may split records
 * anywhere; only the unfinished tail is carried over. Per record: missing values and empty fields become
 * nulls, extra values reject the line unless `skipLev`, and a value that does not convert is handled
 * by `atomicity`: skipCol → null + column error, skipRow → line rejected, abort → the
 * whole import fails. A designated timestamp that is empty or bad always rejects the line (or aborts).
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { SvcError } from '../../core/errors';
import { ImportParser, ParsePlan } from '../../core/extension/import-format';
import { timestampPattern } from '../../core/time/timestamp-pattern';
import { ColumnSink, SinkKind } from './column-sink';
import { createSink } from './create-sink';
import { DoubleSink, IntegerSink } from './number-sinks';
import { BytesSink, SymbolSink, TemporalSink } from './other-sinks';
import { DATE_FORMATS, TIMESTAMP_FORMATS } from './detect-types';
import { FastRecord, fastRecordCode } from './fast-record-code';
import { RecordScanner } from './record-scanner';
import { RecordSkipper } from './record-skipper';

const LF = 0x0a;
const CR = 0x0d;
const ALL_FORMATS = [...DATE_FORMATS, ...TIMESTAMP_FORMATS];
/** Bytes of a new chunk joined to the unfinished record of the last one (longer records join the whole chunk). */
const JOIN_BYTES = 16384;

export class DelimitedParser implements ImportParser {
  /** Data lines seen (header and blank lines excluded). */
  rowsHandled = 0;
  rowsImported = 0;
  /** Conversion errors per table column. */
  readonly errors: number[];
  private readonly scanner: RecordScanner;
  private leftover: Uint8Array = new Uint8Array(0);
  /** Set while the rest of an over-long record is dropped (`http.text.roll.buffer.limit`). */
  private skipper: RecordSkipper | undefined;
  private started = false;
  private headerPending: boolean;
  private rows = 0;
  private readonly ready: ColumnBatch[] = [];
  private readonly sinks: ColumnSink[];
  private readonly fieldOf: Int32Array;
  /** 1 for the bytes that end an unquoted field: the delimiter, CR, LF. */
  private readonly stops = new Uint8Array(256);
  /** Fields map one to one onto the columns, in order: plain records take fastRecord. */
  private readonly direct: boolean;
  private readonly fast: FastRecord;

  /**
   * `leadingBom`: the bytes start the upload, so a UTF-8 byte order mark there is dropped. `onePass` false
   * sends every record through the scanner (the reference the one-pass path is tested against).
   */
  constructor(private readonly plan: ParsePlan, leadingBom = true, onePass = true) {
    this.started = !leadingBom;
    this.scanner = new RecordScanner(plan.delimiter);
    this.errors = plan.columns.map(() => 0);
    this.headerPending = plan.header;
    this.sinks = plan.columns.map((c) => createSink(c.type, plan.batchRows, {
      // No pattern given or detected (appending, schema without pattern): every known format is tried.
      patterns: (c.patterns.length > 0 ? c.patterns : ALL_FORMATS).map(timestampPattern),
      symbols: c.symbols,
    }));
    this.fieldOf = Int32Array.from(plan.columns.map((c) => c.fieldIndex));
    this.stops[plan.delimiter] = 1;
    this.stops[LF] = 1;
    this.stops[CR] = 1;
    this.direct = onePass && plan.columns.length > 0 && plan.fieldCount === plan.columns.length && plan.columns.every((c, i) => c.fieldIndex === i)
      && plan.delimiter !== LF && plan.delimiter !== CR;
    this.fast = fastRecordCode(this.direct ? plan.columns.length : 0, plan.delimiter);
  }

  get rowsRejected(): number {
    return this.rowsHandled - this.rowsImported;
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.pushSync(chunk);
  }

  async finish(): Promise<void> {
    this.finishSync();
  }

  close(): void {
    this.leftover = new Uint8Array(0);
  }

  /** Parses what `chunk` completes; full batches wait in `takeReady()`. Throws SvcError under `abort`. */
  pushSync(chunk: Uint8Array): void {
    if (this.skipper) {
      const end = this.skipper.feed(chunk, 0);
      if (end < 0) return;
      this.skipper = undefined;
      chunk = chunk.subarray(end);
    }
    this.parseChunk(chunk);
    if (this.leftover.length > this.plan.maxLineBytes) this.rejectLongLine();
  }

  private parseChunk(chunk: Uint8Array): void {
    let from = 0;
    if (this.leftover.length > 0) {
      // Only the record split across chunks is joined: joining whole chunks copied the entire upload once
      // more and made most of the import's garbage. The scanner restarts at any record start, so parsing
      // resumes in `chunk` where the joined bytes left off; a record longer than JOIN_BYTES joins it all.
      const left = this.leftover.length;
      const joined = concat(this.leftover, chunk, Math.min(chunk.length, JOIN_BYTES));
      const p = this.run(joined, false);
      if (p <= left) {
        const all = concat(this.leftover, chunk, chunk.length);
        this.leftover = all.slice(this.run(all, false));
        return;
      }
      from = p - left;
    }
    this.leftover = chunk.slice(this.run(chunk, false, from));
  }

  /**
   * The unfinished record holds more than `maxLineBytes`: it is a rejected line (QuestDB counts a line longer
   * than its roll buffer as an error line), or the import's end under `abort`. Its bytes are dropped and the
   * rest of it is skipped as it arrives, so memory stays bounded whatever the line.
   */
  private rejectLongLine(): void {
    const plan = this.plan;
    this.countLongLine();
    const skipper = new RecordSkipper(plan.delimiter);
    const end = skipper.feed(this.leftover, 0);
    const rest = end < 0 ? undefined : this.leftover.subarray(end);
    this.leftover = new Uint8Array(0);
    if (rest === undefined) this.skipper = skipper;
    else if (rest.length > 0) this.pushSync(rest.slice());
  }

  private countLongLine(): void {
    const plan = this.plan;
    if (this.headerPending) { this.headerPending = false; return; }
    this.rowsHandled++;
    if (plan.atomicity === 'abort') {
      throw SvcError.badRequest(`line is too long [line=${this.rowsHandled - 1}, limit=${plan.maxLineBytes}, table=${plan.table}] (http.text.roll.buffer.limit)`);
    }
  }

  /** Parses the tail; the last (partial) batch joins `takeReady()`. */
  finishSync(): void {
    if (this.skipper) { this.skipper = undefined; this.leftover = new Uint8Array(0); }
    if (this.leftover.length > 0) this.run(this.leftover, true);
    this.leftover = new Uint8Array(0);
    if (this.rows > 0) this.emit();
  }

  /** Emits the rows parsed so far as a (short) batch; `lend`: see emit. */
  endBatch(lend = false): void {
    if (this.rows > 0) this.emit(lend);
  }

  takeReady(): ColumnBatch[] {
    return this.ready.splice(0, this.ready.length);
  }

  private run(b: Uint8Array, final: boolean, from = 0): number {
    let p = from;
    if (!this.started) {
      if (b.length < 3 && !final) return 0;
      this.started = true;
      if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) p = 3;
    }
    const scanner = this.scanner;
    const end = b.length;
    const maxLine = this.plan.maxLineBytes;
    const direct = this.direct;
    while (p < end) {
      if (direct && !this.headerPending) {
        const fast = this.fastRecord(b, p, end);
        if (fast >= 0) { p = fast; continue; }
      }
      const next = scanner.scan(b, p, end, final);
      if (next < 0) break;
      const length = next - p;
      p = next;
      if (scanner.blank) continue;
      if (length > maxLine) { this.countLongLine(); continue; }
      if (this.headerPending) { this.headerPending = false; continue; }
      this.record(b);
    }
    return p;
  }

  /**
   * A record of plain values (no quotes, no empty or extra field, no conversion error, a line end inside
   * the bytes) in one pass: each sink reads its field as it finds the field's end, with no scanner.
   * Anything else undoes the row and returns -1, and the record takes the scanner path, which decides
   * exactly as before. Returns the start of the next record.
   */
  private fastRecord(b: Uint8Array, start: number, end: number): number {
    const row = this.rows;
    const p = this.fast(this.sinks, b, start, end, this.stops);
    if (p < 0) return this.undo(-p - 1, row);
    if (p - start > this.plan.maxLineBytes) return this.undo(this.sinks.length, row);
    this.rowsHandled++;
    this.rowsImported++;
    if (++this.rows === this.plan.batchRows) this.emit();
    return p;
  }

  /** Drops what the first `sinkCount` sinks appended for row `row`; -1 for fastRecord. */
  private undo(sinkCount: number, row: number): number {
    for (let k = 0; k < sinkCount; k++) this.sinks[k].truncate(row);
    return -1;
  }

  private record(b: Uint8Array): void {
    const plan = this.plan;
    const scanner = this.scanner;
    const n = scanner.count;
    this.rowsHandled++;
    if (n > plan.fieldCount && !plan.skipLev) {
      if (plan.atomicity === 'abort') throw SvcError.badRequest(`line has more values than columns [line=${this.rowsHandled}, values=${n}, columns=${plan.fieldCount}, table=${plan.table}]`);
      return;
    }
    const sinks = this.sinks;
    const fieldOf = this.fieldOf;
    const row = this.rows;
    for (let c = 0; c < sinks.length; c++) {
      const sink = sinks[c];
      const f = fieldOf[c];
      let ok: boolean;
      if (f < 0 || f >= n || scanner.starts[f] === scanner.ends[f]) {
        if (c !== plan.timestampIndex) { sink.appendNull(); continue; }
        ok = false;
      } else if (scanner.escaped[f] === 1) {
        const len = scanner.unescape(b, f);
        ok = sink.append(scanner.unescaped, 0, len);
      } else {
        ok = append(sink, b, scanner.starts[f], scanner.ends[f]);
      }
      if (ok) continue;
      this.errors[c]++;
      if (plan.atomicity === 'abort') {
        // QuestDB's text: the 0-based data line and the 0-based column of the value.
        throw SvcError.badRequest(`bad syntax [line=${this.rowsHandled - 1}, col=${f < 0 ? c : f}]`);
      }
      if (plan.atomicity === 'skipCol' && c !== plan.timestampIndex) { sink.appendNull(); continue; }
      for (let k = 0; k < c; k++) sinks[k].truncate(row);
      return;
    }
    this.rows++;
    this.rowsImported++;
    if (this.rows === plan.batchRows) this.emit();
  }

  /** `lend`: the batch is copied before the next push (ColumnSink.build), so the sinks keep their arrays. */
  private emit(lend = false): void {
    const vectors = this.sinks.map((s) => s.build(lend));
    this.ready.push({ rowCount: this.rows, vectors });
    this.rows = 0;
  }
}

/** One call site per hot sink class keeps each monomorphic (inlinable); ~13 calls per cpu row. */
function append(sink: ColumnSink, b: Uint8Array, s: number, e: number): boolean {
  switch (sink.kind) {
    case SinkKind.Double: return (sink as DoubleSink).append(b, s, e);
    case SinkKind.Temporal: return (sink as TemporalSink).append(b, s, e);
    case SinkKind.Symbol: return (sink as SymbolSink).append(b, s, e);
    case SinkKind.Bytes: return (sink as BytesSink).append(b, s, e);
    case SinkKind.Integer: return (sink as IntegerSink).append(b, s, e);
    default: return sink.append(b, s, e);
  }
}

/** `head` followed by the first `n` bytes of `tail`, as a new array. */
function concat(head: Uint8Array, tail: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(head.length + n);
  out.set(head);
  out.set(tail.subarray(0, n), head.length);
  return out;
}
