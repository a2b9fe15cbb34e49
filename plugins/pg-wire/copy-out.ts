/**
 * `COPY t [(cols)] TO STDOUT` and `COPY (query) TO STDOUT`: PostgreSQL's CopyOut sub-protocol. The query
 * runs through the engine as a SELECT would; each row goes out as one CopyData message in the text format
 * (values as PostgreSQL prints them, tab-separated, `\N` for NULL, backslash escapes) or CSV (quoted when
 * needed, NULL empty, HEADER with the column names), then CopyDone and `COPY n`. Each value is written by
 * its column's text encoder (text-cell-encoders.ts) and escaped in place, so nothing is allocated per row.
 */
import { ResultSet } from '../../core/data/result-set';
import { BackendWriter } from './backend-writer';
import { copyDone, copyOutResponse } from './backend-messages';
import { CellEncoder } from './cell-encoder';
import { CopyOptions } from './copy-statement';
import { PgTimestampText } from './pg-timestamp-text';
import { textCellEncoder } from './text-cell-encoders';

const COPY_DATA = 0x64;
const LF = 10, CR = 13, BACKSLASH = 92;
/** \b \t \n \v \f \r: the letter after the backslash for each control character that has one. */
const CONTROL_ESCAPES: readonly number[] = Object.assign(new Array<number>(32).fill(0), { 8: 98, 9: 116, 10: 110, 11: 118, 12: 102, 13: 114 });

export async function runCopyOut(result: ResultSet, options: CopyOptions, w: BackendWriter, signal: AbortSignal): Promise<number> {
  const n = result.columns.length;
  copyOutResponse(w, n);
  const cell = new CellText(options);
  if (options.header && options.format === 'csv') {
    w.begin(COPY_DATA);
    result.columns.forEach((c, k) => cell.literal(w, c.name, k === 0));
    w.int8(LF);
    w.end();
  }
  const timestamps = new PgTimestampText();
  let rows = 0;
  for await (const batch of result.batches()) {
    signal.throwIfAborted();
    const encoders: CellEncoder[] = batch.vectors.map((v) => textCellEncoder(v, timestamps));
    for (let i = 0; i < batch.rowCount; i++) {
      w.begin(COPY_DATA);
      for (let c = 0; c < n; c++) cell.write(w, encoders[c], i, c === 0);
      w.int8(LF);
      w.end();
      if (w.pos >= w.piece) { const drained = w.flush(); if (drained) await drained; }
    }
    rows += batch.rowCount;
  }
  copyDone(w);
  return rows;
}

/** Turns a DataRow cell (int32 length, bytes) just written into COPY's form of the value, in place. */
class CellText {
  private scratch = Buffer.alloc(256);

  constructor(private readonly options: CopyOptions) {}

  write(w: BackendWriter, encode: CellEncoder, row: number, first: boolean): void {
    const at = w.pos;
    encode(w, row);
    const length = w.buf.readInt32BE(at);
    if (length < 0) { w.pos = at; this.separator(w, first); this.nullValue(w); return; }
    if (this.scratch.length < length) this.scratch = Buffer.alloc(Math.max(length, this.scratch.length * 2));
    w.buf.copy(this.scratch, 0, at + 4, at + 4 + length);
    w.pos = at;
    this.separator(w, first);
    this.value(w, this.scratch, length);
  }

  literal(w: BackendWriter, text: string, first: boolean): void {
    const b = Buffer.from(text, 'utf8');
    this.separator(w, first);
    this.value(w, b, b.length);
  }

  private separator(w: BackendWriter, first: boolean): void {
    if (!first) w.int8(this.options.delimiter);
  }

  private nullValue(w: BackendWriter): void {
    const b = Buffer.from(this.options.nullText, 'utf8');
    w.ensure(b.length);
    w.pos += b.copy(w.buf, w.pos);
  }

  private value(w: BackendWriter, b: Buffer, n: number): void {
    const { format, delimiter, quote, escape } = this.options;
    w.ensure(2 * n + 2);
    const out = w.buf;
    let p = w.pos;
    if (format === 'text') {
      for (let k = 0; k < n; k++) {
        const c = b[k];
        // As PostgreSQL's text output: control characters by their escapes first, then backslash and the delimiter.
        const named = c < 32 ? CONTROL_ESCAPES[c] : 0;
        if (named) { out[p++] = BACKSLASH; out[p++] = named; } else if (c === BACKSLASH || c === delimiter) { out[p++] = BACKSLASH; out[p++] = c; } else out[p++] = c;
      }
      w.pos = p;
      return;
    }
    let quoted = n === 0 || this.options.nullText.length === n && b.toString('utf8', 0, n) === this.options.nullText;
    for (let k = 0; k < n && !quoted; k++) { const c = b[k]; if (c === delimiter || c === quote || c === escape || c === LF || c === CR) quoted = true; }
    if (!quoted) { b.copy(out, p, 0, n); w.pos = p + n; return; }
    out[p++] = quote;
    for (let k = 0; k < n; k++) { const c = b[k]; if (c === quote || c === escape) out[p++] = escape; out[p++] = c; }
    out[p++] = quote;
    w.pos = p;
  }
}
