/**
 * Streams NDJSON bytes into ColumnBatches of the target table's layout: one JSON object per line, keys in
 * any order, each value's bytes handed to the same column sinks CSV import uses (so a string converts to a
 * TIMESTAMP, SYMBOL, UUID or IPv4 column exactly as a CSV field would; numbers and true/false as their
 * text). A missing key or `null` is NULL; a repeated key keeps its last value; a key that is no column
 * rejects the line unless `skipLev=true` ignores it. A value that does not convert follows `atomicity` as
 * in CSV import, and so does a line that is not a JSON object (`abort` fails the whole import, naming the
 * line). Lines may be split across chunks anywhere; only the unfinished one is carried over, up to
 * `http.text.roll.buffer.limit` bytes (a longer line is rejected, or fails the import with `abort`).
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { typeName } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';
import { ImportParser, ParsePlan } from '../../core/extension/import-format';
import { timestampPattern } from '../../core/time/timestamp-pattern';
import { ColumnSink } from '../import-delimited/column-sink';
import { createSink } from '../import-delimited/create-sink';
import { DATE_FORMATS, TIMESTAMP_FORMATS } from '../import-delimited/detect-types';
import { JsonKind, kindAt, literalEnd, nestedEnd, numberEnd, skipSpace, stringEnd, unescapeString } from './json-scanner';

const ALL_FORMATS = [...DATE_FORMATS, ...TIMESTAMP_FORMATS];
const EMPTY = new Uint8Array(0);

/** Why a line was not imported (for `atomicity=abort` messages). */
const enum Outcome { Imported, Malformed, UnknownKey, BadValue }

export class NdjsonParser implements ImportParser {
  rowsHandled = 0;
  rowsImported = 0;
  readonly errors: number[];
  private readonly sinks: ColumnSink[];
  private readonly keys: Uint8Array[];
  private readonly columnOfField: Int32Array;
  /** The line number that last filled each column (a column not stamped with the current line gets NULL). */
  private readonly stamp: Int32Array;
  private readonly escaped = new Uint8Array(1);
  private scratch = new Uint8Array(4096);
  private keyScratch = new Uint8Array(256);
  private leftover: Uint8Array = EMPTY;
  private started = false;
  private skippingLongLine = false;
  private rows = 0;
  private lastField = -1;
  private problem = '';
  private readonly ready: ColumnBatch[] = [];

  constructor(private readonly plan: ParsePlan) {
    this.errors = plan.columns.map(() => 0);
    this.sinks = plan.columns.map((c) => createSink(c.type, plan.batchRows, {
      patterns: (c.patterns.length > 0 ? c.patterns : ALL_FORMATS).map(timestampPattern),
      symbols: c.symbols,
    }));
    const names = plan.fieldNames ?? plan.columns.map((c) => c.name);
    const encoder = new TextEncoder();
    this.keys = names.map((n) => encoder.encode(n));
    this.columnOfField = new Int32Array(names.length).fill(-1);
    plan.columns.forEach((c, i) => { if (c.fieldIndex >= 0) this.columnOfField[c.fieldIndex] = i; });
    this.stamp = new Int32Array(plan.columns.length);
  }

  get rowsRejected(): number {
    return this.rowsHandled - this.rowsImported;
  }

  async push(chunk: Uint8Array): Promise<void> {
    let from = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
    }
    if (this.skippingLongLine) {
      const nl = chunk.indexOf(10, from);
      if (nl < 0) return;
      this.skippingLongLine = false;
      from = nl + 1;
    }
    if (this.leftover.length > 0) {
      const nl = chunk.indexOf(10, from);
      if (nl < 0) {
        this.leftover = concat(this.leftover, chunk.subarray(from));
        if (this.leftover.length > this.plan.maxLineBytes) this.rejectLongLine();
        return;
      }
      const line = concat(this.leftover, chunk.subarray(from, nl));
      this.leftover = EMPTY;
      this.line(line, 0, line.length);
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(10);
    if (last >= from) {
      for (let s = from; s <= last;) {
        const nl = chunk.indexOf(10, s);
        this.line(chunk, s, nl);
        s = nl + 1;
      }
      from = last + 1;
    }
    if (from < chunk.length) this.leftover = chunk.slice(from);
    if (this.leftover.length > this.plan.maxLineBytes) this.rejectLongLine();
  }

  /**
   * The unfinished line holds more than `maxLineBytes` (`http.text.roll.buffer.limit`): it is a rejected line
   * and its bytes up to the next line end are dropped as they arrive, so memory stays bounded.
   */
  private rejectLongLine(): void {
    this.rowsHandled++;
    this.leftover = EMPTY;
    this.skippingLongLine = true;
    if (this.plan.atomicity === 'abort') {
      throw SvcError.badRequest(`line is too long [line=${this.rowsHandled}, limit=${this.plan.maxLineBytes}, table=${this.plan.table}] (http.text.roll.buffer.limit)`);
    }
  }

  async finish(): Promise<void> {
    if (this.leftover.length > 0 && !this.skippingLongLine) this.line(this.leftover, 0, this.leftover.length);
    this.leftover = EMPTY;
    if (this.rows > 0) this.emit();
  }

  takeReady(): ColumnBatch[] {
    return this.ready.splice(0, this.ready.length);
  }

  close(): void {
    this.leftover = EMPTY;
  }

  private line(b: Uint8Array, s: number, e: number): void {
    if (skipSpace(b, s, e) === e) return;
    this.rowsHandled++;
    const row = this.rows;
    const outcome = this.record(b, s, e);
    if (outcome === Outcome.Imported) {
      this.rows++;
      this.rowsImported++;
      if (this.rows === this.plan.batchRows) this.emit();
      return;
    }
    for (const sink of this.sinks) sink.truncate(row);
    if (this.plan.atomicity !== 'abort') return;
    const where = `[line=${this.rowsHandled}, table=${this.plan.table}]`;
    if (outcome === Outcome.Malformed) throw SvcError.badRequest(`invalid JSON ${where}`);
    if (outcome === Outcome.UnknownKey) throw SvcError.badRequest(`unknown key ${this.problem} ${where}`);
    throw SvcError.badRequest(`could not parse value ${this.problem.slice(0, -1)}, line=${this.rowsHandled}, table=${this.plan.table}]`);
  }

  private record(b: Uint8Array, s: number, e: number): Outcome {
    const lineNo = this.rowsHandled;
    let p = skipSpace(b, s, e);
    if (b[p] !== 0x7b) return Outcome.Malformed;
    p = skipSpace(b, p + 1, e);
    if (b[p] === 0x7d) p++;
    else {
      for (;;) {
        if (b[p] !== 0x22) return Outcome.Malformed;
        const keyEnd = stringEnd(b, p, e, this.escaped);
        if (keyEnd < 0) return Outcome.Malformed;
        const field = this.escaped[0] === 1 ? this.escapedField(b, p + 1, keyEnd - 1) : this.field(b, p + 1, keyEnd - 1);
        p = skipSpace(b, keyEnd, e);
        if (b[p] !== 0x3a) return Outcome.Malformed;
        p = skipSpace(b, p + 1, e);
        const outcome = this.value(b, p, e, field, lineNo);
        if (outcome < 0) return -outcome as Outcome;
        p = skipSpace(b, outcome, e);
        if (b[p] === 0x2c) { p = skipSpace(b, p + 1, e); continue; }
        if (b[p] === 0x7d) { p++; break; }
        return Outcome.Malformed;
      }
    }
    if (skipSpace(b, p, e) !== e) return Outcome.Malformed;
    const ts = this.plan.timestampIndex;
    for (let c = 0; c < this.sinks.length; c++) {
      if (this.stamp[c] === lineNo) continue;
      if (c === ts) { this.errors[c]++; this.problem = `[column=${this.plan.columns[c].name}]`; return Outcome.BadValue; }
      this.sinks[c].appendNull();
    }
    return Outcome.Imported;
  }

  /** Appends the value at `p`; returns the index after it, or minus the Outcome that rejects the line. */
  private value(b: Uint8Array, p: number, e: number, field: number, lineNo: number): number {
    const kind = kindAt(b, p);
    let end: number;
    let src = b;
    let vs = p;
    let ve: number;
    switch (kind) {
      case JsonKind.String: {
        end = stringEnd(b, p, e, this.escaped);
        if (end < 0) return -Outcome.Malformed;
        vs = p + 1; ve = end - 1;
        if (this.escaped[0] === 1) {
          if (this.scratch.length < ve - vs) this.scratch = new Uint8Array(2 * (ve - vs));
          const n = unescapeString(b, vs, ve, this.scratch);
          if (n < 0) return -Outcome.Malformed;
          src = this.scratch; vs = 0; ve = n;
        }
        break;
      }
      case JsonKind.Number: end = ve = numberEnd(b, p, e); break;
      case JsonKind.True: case JsonKind.False: case JsonKind.Null: end = ve = literalEnd(b, p, e, kind); break;
      case JsonKind.Nested: end = ve = nestedEnd(b, p, e); break;
      default: return -Outcome.Malformed;
    }
    if (end < 0) return -Outcome.Malformed;
    if (field < 0) {
      if (this.plan.skipLev) return end;
      this.problem = `"${new TextDecoder().decode(this.lastKey)}"`;
      return -Outcome.UnknownKey;
    }
    const c = this.columnOfField[field];
    if (c < 0) return end;
    const sink = this.sinks[c];
    const row = this.rows;
    if (this.stamp[c] === lineNo) sink.truncate(row);
    this.stamp[c] = lineNo;
    if (kind === JsonKind.Null) {
      if (c !== this.plan.timestampIndex) { sink.appendNull(); return end; }
    } else if (sink.append(src, vs, ve)) {
      return end;
    }
    this.errors[c]++;
    this.problem = `[column=${this.plan.columns[c].name}, type=${typeName(sink.type)}]`;
    if (this.plan.atomicity === 'skipCol' && c !== this.plan.timestampIndex) { sink.appendNull(); return end; }
    return -Outcome.BadValue;
  }

  private lastKey: Uint8Array = EMPTY;

  /** The field whose key is `b[s..e)`: the one after the last key first (keys mostly come in the same order). */
  private field(b: Uint8Array, s: number, e: number): number {
    const keys = this.keys;
    const guess = this.lastField + 1;
    if (guess < keys.length && same(keys[guess], b, s, e)) return (this.lastField = guess);
    for (let f = 0; f < keys.length; f++) if (same(keys[f], b, s, e)) return (this.lastField = f);
    this.lastKey = b.subarray(s, e);
    return -1;
  }

  private escapedField(b: Uint8Array, s: number, e: number): number {
    if (this.keyScratch.length < e - s) this.keyScratch = new Uint8Array(2 * (e - s));
    const n = unescapeString(b, s, e, this.keyScratch);
    return n < 0 ? -1 : this.field(this.keyScratch, 0, n);
  }

  private emit(): void {
    this.ready.push({ rowCount: this.rows, vectors: this.sinks.map((s) => s.build()) });
    this.rows = 0;
    this.lastField = -1;
  }
}

function same(key: Uint8Array, b: Uint8Array, s: number, e: number): boolean {
  if (key.length !== e - s) return false;
  for (let i = 0; i < key.length; i++) if (key[i] !== b[s + i]) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
