/**
 * Finds where an over-long record ends (`http.text.roll.buffer.limit`) without keeping its bytes: the same
 * RFC 4180 grammar as RecordScanner (delimiters and line ends inside double quotes belong to the field,
 * `""` is a quote, bytes after a closing quote up to the delimiter are dropped), fed chunk by chunk.
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const enum State { FieldStart, Unquoted, Quoted, QuoteInQuoted, AfterClose }

export class RecordSkipper {
  private state = State.FieldStart;

  constructor(private readonly delimiter: number) {}

  /** Feeds `b[from..]`; returns the position after the record's line end, or -1 when the record goes on. */
  feed(b: Uint8Array, from: number): number {
    const delimiter = this.delimiter;
    let state = this.state;
    for (let i = from; i < b.length; i++) {
      const c = b[i];
      if (state === State.FieldStart) {
        if (c === QUOTE) { state = State.Quoted; continue; }
        state = State.Unquoted;
      } else if (state === State.Quoted) {
        if (c === QUOTE) state = State.QuoteInQuoted;
        continue;
      } else if (state === State.QuoteInQuoted) {
        if (c === QUOTE) { state = State.Quoted; continue; }
        state = State.AfterClose;
      }
      // Unquoted field or the bytes after a closing quote: a delimiter starts the next field, a line end ends the record.
      if (c === delimiter) state = State.FieldStart;
      else if (c === LF || c === CR) {
        this.state = State.FieldStart;
        return c === CR && i + 1 < b.length && b[i + 1] === LF ? i + 2 : i + 1;
      }
    }
    this.state = state;
    return -1;
  }
}
