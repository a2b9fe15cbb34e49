/**
 * Parses one line of the InfluxDB line protocol straight from bytes into the session's TableBlocks:
 * `measurement[,tag=value…] [field=value[,…]] [timestamp]`. Backslash escapes the next byte in names and values
 * (`\ `, `\,`, `\=`, `\"`, `\\`, an escaped newline), strings are double-quoted, `name==<type>…` is a binary value
 * (binary-value.ts), tags become SYMBOL values. Names and values are compared and copied as bytes; only a name
 * or symbol the session has not seen yet becomes a string. QuestDB's parser (LineTcpParser) fixes
 * the edge cases: a line of tags only is a row, a lone token after the tags is the timestamp, an empty field
 * value is NULL (TableBlock.noteEmpty: refused for a column the table lacks), a name repeated in a line keeps
 * its first value.
 */
import { decodeUtf8 } from '../../core/data/utf8';
import { BINARY_FAILED, BINARY_NEED_MORE, BinaryValue } from './binary-value';
import { BlockSet } from './block-set';
import { BlockColumn } from './block-column';
import { IlpType } from './ilp-type';
import { LineError, LineMessages } from './line-error';
import { DUPLICATE, OTHER_TYPE, TableBlock } from './table-block';
import { TextValue } from './text-value';
import { isValidUtf8 } from './utf8-check';
import { parseMicros, TimeUnit } from './time-unit';

export const LINE_NEED_MORE = -1;
export const LINE_FAILED = -2;
export const LINE_RESTART = -3;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const COMMA = 0x2c;
const EQ = 0x3d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const MAX_SAFE = 9007199254740991;
const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);

/** 1 for the bytes that end or escape a token (names, tag values, unquoted values); 2 for non-ASCII. */
const TOKEN = new Uint8Array(256);
for (const c of [LF, CR, SPACE, COMMA, EQ, BACKSLASH, 0]) TOKEN[c] = 1;
for (let c = 0x80; c < 256; c++) TOKEN[c] = 2;

function allZero(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (b[i] !== 0x30) return false;
  return true;
}

/** At most 256 bytes of a value, for error messages. */
function excerpt(b: Uint8Array, s: number, e: number): string {
  return decodeUtf8(b, s, Math.min(e, s + 256));
}

export interface LineParserOptions {
  /** Unit of a designated timestamp without suffix (HTTP `precision`; TCP: nanoseconds). */
  readonly precision: TimeUnit;
  /** µs for rows without a timestamp. */
  readonly now: () => number;
}

export class LineParser {
  /** After LINE_NEED_MORE: bytes from the line start needed before a retry, and whether a line end must arrive too. */
  need = 0;
  needLineEnd = false;
  /** After LINE_FAILED. */
  error: LineError | undefined;
  private escaped = false;
  private nonAscii = false;
  private keyBytes = new Uint8Array(256);
  private valueBytes = new Uint8Array(256);
  private readonly text = new TextValue();
  private readonly binary = new BinaryValue();
  private block: TableBlock | undefined;
  private line = 0;
  /** The line's designated timestamp in µs, NaN when it has none. */
  private timestamp = NaN;
  /** Its nanoseconds within the µs (a nanosecond timestamp's last three digits), else 0. */
  private timestampSub = 0;
  /** The value `plainFloat` parsed. */
  private fast = 0;
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private viewBytes: Uint8Array | undefined;

  constructor(private readonly blocks: BlockSet, private readonly options: LineParserOptions) {}

  /**
   * Parses the line starting at `b[start]` (not a line end): the position of its end (the `\n`/`\r`, or `end`),
   * LINE_NEED_MORE when the bytes end inside it and more may come (`final` false), LINE_FAILED with `error` set,
   * or LINE_RESTART when its table's block was closed for a type change and the line must be parsed again.
   */
  parseLine(b: Uint8Array, start: number, end: number, final: boolean, line: number): number {
    this.line = line;
    this.block = undefined;
    const nameEnd = this.scan(b, start, end);
    if (nameEnd >= end && !final) return this.more(start, end);
    const stop = nameEnd < end ? b[nameEnd] : LF;
    if (stop !== COMMA && stop !== SPACE) {
      return this.fail(stop === 0 ? LineMessages.parserState('INVALID_TABLE_NAME') : LineMessages.noFields());
    }
    if (nameEnd === start || (this.nonAscii && !isValidUtf8(b, start, nameEnd))) {
      return this.fail(LineMessages.invalidTableName(excerpt(b, start, nameEnd)));
    }
    let block: TableBlock | undefined;
    if (this.escaped) {
      const n = this.unescape(b, start, nameEnd, true);
      block = this.blocks.blockFor(this.keyBytes, 0, n, line);
    } else {
      block = this.blocks.blockFor(b, start, nameEnd, line);
    }
    if (block === undefined) return this.fail(LineMessages.tooManyTables(this.blocks.tableCount));
    // QuestDB's parser refuses a `/` in a table name itself (other invalid names are refused at planning).
    if (block.rows === 0 && block.columns.length === 0 && block.tableBytes.includes(SLASH)) {
      return this.fail(LineMessages.parserState('INVALID_TABLE_NAME'));
    }
    this.block = block;
    const row = block.rows;
    let p = nameEnd + 1;
    let delim = stop;
    let position = 0;
    while (delim === COMMA) {
      const r = this.tag(b, start, p, end, final, block, row, position++);
      if (r < 0) return r;
      p = r + 1;
      delim = r < end ? b[r] : LF;
    }
    let timestamp = NaN;
    this.timestampSub = 0;
    if (delim === SPACE) {
      const r = this.fields(b, start, p, end, final, block, row, position);
      if (r < 0) return r;
      p = r;
      if (r < end && b[r] === SPACE) {
        const t = this.timestampAt(b, start, r + 1, end, final);
        if (t < 0) return t;
        p = t;
      }
      timestamp = this.timestamp;
    } else {
      p = p - 1;
    }
    if (timestamp !== timestamp) timestamp = this.options.now();
    block.endRow(timestamp, line, this.timestampSub);
    return p;
  }

  /** A tag `key=value` at `p`; the position of the byte after the value. */
  private tag(b: Uint8Array, start: number, p: number, end: number, final: boolean, block: TableBlock, row: number, position: number): number {
    let kb = b;
    let ks = p;
    let ke: number;
    let keyEnd: number;
    let known = block.expected(position, b, this.viewOf(b), p, end);
    if (known !== undefined && known.type === IlpType.TAG) {
      kb = known.nameBytes;
      ks = 0;
      ke = kb.length;
      keyEnd = p + ke;
    } else {
      known = undefined;
      keyEnd = this.scan(b, p, end);
      if (keyEnd >= end && !final) return this.more(start, end);
      const c = keyEnd < end ? b[keyEnd] : LF;
      if (c !== EQ) {
        if (keyEnd === p) return this.fail(LineMessages.parserState('INCOMPLETE_TAG'));
        return this.fail(LineMessages.missingTagValue(excerpt(b, p, keyEnd)));
      }
      if (this.nonAscii && !isValidUtf8(b, p, keyEnd)) return this.fail(LineMessages.invalidColumnName(block.table, excerpt(b, p, keyEnd)));
      ke = keyEnd;
      if (this.escaped) { kb = this.keyBytes; ks = 0; ke = this.unescape(b, p, keyEnd, true); }
    }
    const valueEnd = this.scan(b, keyEnd + 1, end);
    if (valueEnd >= end && !final) return this.more(start, end);
    const vc = valueEnd < end ? b[valueEnd] : LF;
    if (vc === EQ || vc === 0) return this.fail(LineMessages.parserState('INVALID_FIELD_SEPARATOR'));
    if (this.nonAscii && !isValidUtf8(b, keyEnd + 1, valueEnd)) {
      return this.fail(LineMessages.invalidTagValue(excerpt(kb, ks, ke), excerpt(b, keyEnd + 1, valueEnd)));
    }
    const col = known ?? block.column(position, kb, ks, ke, IlpType.TAG, 0);
    if (col === OTHER_TYPE) return this.restart(block);
    if (col !== DUPLICATE) {
      const target = col as BlockColumn;
      if (this.escaped) target.setSymbol(row, this.valueBytes, 0, this.unescape(b, keyEnd + 1, valueEnd, false));
      else target.setSymbol(row, b, keyEnd + 1, valueEnd);
    }
    return valueEnd;
  }

  /** The fields from `p` on; the position of the line end or of the space before the timestamp. */
  private fields(b: Uint8Array, start: number, p: number, end: number, final: boolean, block: TableBlock, row: number, first: number): number {
    let position = first;
    this.timestamp = NaN;
    for (;;) {
      const known = block.expected(position, b, this.viewOf(b), p, end);
      if (known !== undefined) {
        // The same name as at this position on the previous line: no scan, no lookup.
        const v = p + known.nameBytes.length + 1;
        let r = known.type === IlpType.FLOAT ? this.plainFloat(b, v, end) : -1;
        if (r >= 0) known.setDouble(row, this.fast);
        else r = this.value(b, start, v, end, final, block, row, position, known.nameBytes, 0, known.nameBytes.length);
        if (r < 0) return r;
        position++;
        if (r >= end || b[r] !== COMMA) return r;
        p = r + 1;
        continue;
      }
      const keyEnd = this.scan(b, p, end);
      if (keyEnd >= end && !final) return this.more(start, end);
      const c = keyEnd < end ? b[keyEnd] : LF;
      if (c !== EQ) {
        if (keyEnd === p) {
          if (c === LF || c === CR) return position > 0 ? keyEnd : this.fail(LineMessages.noFields());
          if (c === SPACE && position > first) return keyEnd;
          // A second space before the field set (`m,t=a  x=1i`): QuestDB's INVALID_FIELD_SEPARATOR.
          if (c === SPACE) return this.fail(LineMessages.parserState('INVALID_FIELD_SEPARATOR'));
          return this.fail(LineMessages.parserState(position > 0 ? 'INCOMPLETE_FIELD' : 'NO_FIELDS'));
        }
        // `t,tag=x 123`: a line of tags whose only other token is the timestamp.
        if (position === first && position > 0 && (c === LF || c === CR)) return this.timestampAt(b, start, p, end, final) < 0 ? LINE_FAILED : keyEnd;
        return this.fail(LineMessages.missingFieldValue(excerpt(b, p, keyEnd)));
      }
      if (keyEnd === p) return this.fail(LineMessages.parserState('INCOMPLETE_FIELD'));
      if (this.nonAscii && !isValidUtf8(b, p, keyEnd)) return this.fail(LineMessages.invalidColumnName(block.table, excerpt(b, p, keyEnd)));
      let kb = b;
      let ks = p;
      let ke = keyEnd;
      if (this.escaped) { kb = this.keyBytes; ks = 0; ke = this.unescape(b, p, keyEnd, true); }
      const r = this.value(b, start, keyEnd + 1, end, final, block, row, position, kb, ks, ke);
      if (r < 0) return r;
      position++;
      const d = r < end ? b[r] : LF;
      if (d !== COMMA) return r;
      p = r + 1;
    }
  }

  /** One field value at `v`; the position of the byte after it (a separator or `end`). */
  private value(b: Uint8Array, start: number, v: number, end: number, final: boolean, block: TableBlock, row: number,
    position: number, kb: Uint8Array, ks: number, ke: number): number {
    if (v >= end) return final ? v : this.more(start, end);
    const first = b[v];
    if (first === QUOTE) return this.quoted(b, start, v, end, final, block, row, position, kb, ks, ke);
    if (first === EQ) return this.binaryValue(b, start, v + 1, end, final, block, row, position, kb, ks, ke);
    const valueEnd = this.scan(b, v, end);
    if (valueEnd >= end && !final) return this.more(start, end);
    const c = valueEnd < end ? b[valueEnd] : LF;
    if (c === EQ || c === 0) return this.fail(LineMessages.parserState('INVALID_FIELD_SEPARATOR'));
    if (valueEnd === v) {
      // No value: NULL in a column the table has; planning refuses it for a column the table lacks.
      block.noteEmpty(kb, ks, ke, this.line);
      return valueEnd;
    }
    let vb = b;
    let vs = v;
    let ve = valueEnd;
    if (this.escaped) { vb = this.valueBytes; vs = 0; ve = this.unescape(b, v, valueEnd, false); }
    const t = this.text;
    if (!t.parse(vb, vs, ve)) return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), excerpt(vb, vs, ve)));
    const col = block.column(position, kb, ks, ke, t.type, 0);
    if (col === OTHER_TYPE) return this.restart(block);
    if (col === DUPLICATE) return valueEnd;
    const target = col as BlockColumn;
    if (t.type === IlpType.TIMESTAMP) target.setTimestamp(row, t.number, t.big, t.nanos, t.sub);
    else if (!target.setScalar(row, t.number, t.big)) target.setBytes(row, vb, vs, t.textEnd);
    return valueEnd;
  }

  /** A double-quoted string at `v`. */
  private quoted(b: Uint8Array, start: number, v: number, end: number, final: boolean, block: TableBlock, row: number,
    position: number, kb: Uint8Array, ks: number, ke: number): number {
    let q = v + 1;
    let escaped = false;
    let nonAscii = false;
    for (;;) {
      // Unterminated (a raw line end or the end of the input first): QuestDB's message ends after `value: `,
      // since what follows the quote is not the value.
      if (q >= end) {
        if (!final) return this.more(start, end);
        return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), ''));
      }
      const c = b[q];
      if (c === QUOTE) break;
      if (c === BACKSLASH) { escaped = true; q += 2; continue; }
      if (c === LF) return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), ''));
      if (c >= 0x80) nonAscii = true;
      q++;
    }
    const after = q + 1;
    if (after >= end && !final) return this.more(start, end);
    const d = after < end ? b[after] : LF;
    if (d !== COMMA && d !== SPACE && d !== LF && d !== CR) {
      return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), excerpt(b, v, Math.min(after + 1, end))));
    }
    let vb = b;
    let vs = v + 1;
    let ve = q;
    if (escaped) { vb = this.valueBytes; vs = 0; ve = this.unescape(b, v + 1, q, false); }
    if (nonAscii && !isValidUtf8(vb, vs, ve)) return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), excerpt(vb, vs, ve)));
    const col = block.column(position, kb, ks, ke, IlpType.STRING, 0);
    if (col === OTHER_TYPE) return this.restart(block);
    if (col !== DUPLICATE) (col as BlockColumn).setBytes(row, vb, vs, ve);
    return after;
  }

  /** A binary value whose type byte is at `t` (after `==`). */
  private binaryValue(b: Uint8Array, start: number, t: number, end: number, final: boolean, block: TableBlock, row: number,
    position: number, kb: Uint8Array, ks: number, ke: number): number {
    const bv = this.binary;
    const after = bv.parse(b, t, end);
    if (after === BINARY_NEED_MORE) {
      if (final) return this.fail(LineMessages.invalidFieldValue(excerpt(kb, ks, ke), '<binary>'));
      block.dropCurrentRow();
      this.need = t - start + bv.need;
      this.needLineEnd = false;
      return LINE_NEED_MORE;
    }
    if (after === BINARY_FAILED) return this.fail(LineMessages.parserState(bv.failure));
    if (after >= end && !final) return this.more(start, end);
    const d = after < end ? b[after] : LF;
    if (d !== COMMA && d !== SPACE && d !== LF && d !== CR) return this.fail(LineMessages.parserState('INVALID_FIELD_SEPARATOR'));
    if (bv.isNull) return after;
    const col = block.column(position, kb, ks, ke, bv.type, bv.type === IlpType.ARRAY ? bv.dims : 0);
    if (col === OTHER_TYPE) return this.restart(block);
    if (col === DUPLICATE) return after;
    const target = col as BlockColumn;
    if (bv.type === IlpType.TIMESTAMP) {
      target.setTimestamp(row, bv.number, bv.big, bv.nanos, bv.sub);
      return after;
    }
    if (target.setScalar(row, bv.number, bv.big)) return after;
    if (bv.type === IlpType.ARRAY) {
      target.setArray(row, bv.shape, b, bv.elementsAt, bv.elementCount);
    } else if (bv.decimalText !== undefined) {
      const bytes = Buffer.from(bv.decimalText, 'latin1');
      target.setBytes(row, bytes, 0, bytes.length);
    }
    return after;
  }

  /** A DataView over the bytes being parsed (made once per buffer). */
  private viewOf(b: Uint8Array): DataView<ArrayBufferLike> {
    if (b !== this.viewBytes) {
      this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      this.viewBytes = b;
    }
    return this.view;
  }

  /**
   * A plain decimal (`-12.5`, at most 15 digits) at `v` ended by a separator within the bytes: its position
   * after it with the value in `fast`, in one pass; -1 for anything else (the general path decides).
   */
  private plainFloat(b: Uint8Array, v: number, end: number): number {
    let i = v;
    let neg = false;
    if (i < end && b[i] === 0x2d) { neg = true; i++; }
    let m = 0;
    const intStart = i;
    while (i < end) {
      const d = b[i] - 0x30;
      if (d >>> 0 > 9) break;
      m = m * 10 + d;
      i++;
    }
    let digits = i - intStart;
    let exponent = 0;
    if (i < end && b[i] === 0x2e) {
      const fracStart = ++i;
      while (i < end) {
        const d = b[i] - 0x30;
        if (d >>> 0 > 9) break;
        m = m * 10 + d;
        i++;
      }
      exponent = fracStart - i;
      digits += i - fracStart;
    }
    if (digits === 0 || digits > 15 || i >= end) return -1;
    const c = b[i];
    if (c !== COMMA && c !== SPACE && c !== LF && c !== CR) return -1;
    const x = exponent === 0 ? m : m / POW10[-exponent];
    this.fast = neg ? -x : x;
    return i;
  }

  /** The designated timestamp at `p` (up to the line end) into `this.timestamp`; the line end, or a failure. */
  private timestampAt(b: Uint8Array, start: number, p: number, end: number, final: boolean): number {
    let e = p;
    while (e < end) {
      const c = b[e];
      if (c === LF || c === CR) break;
      if (c === SPACE) return this.fail(LineMessages.parserState('INVALID_FIELD_SEPARATOR'));
      e++;
    }
    if (e >= end && !final) return this.more(start, end);
    if (e === p) { this.timestamp = NaN; return e; }
    let unit = this.options.precision;
    let digitsEnd = e;
    const last = b[e - 1];
    if (last === 0x6e) { unit = TimeUnit.NANOS; digitsEnd--; } else if (last === 0x74) { unit = TimeUnit.MICROS; digitsEnd--; } else if (last === 0x6d) { unit = TimeUnit.MILLIS; digitsEnd--; }
    const v = parseMicros(b, p, digitsEnd, unit);
    if (v !== v) return this.fail(LineMessages.invalidTimestamp(excerpt(b, p, e)));
    const table = (this.block as TableBlock).table;
    // The sign decides, not the µs: -5 ns truncates to 0 µs but is still before 1970.
    if (v < 0 || (b[p] === 0x2d && !allZero(b, p + 1, digitsEnd))) return this.fail(LineMessages.timestampBefore1970(table, excerpt(b, p, digitsEnd)));
    if (v > MAX_SAFE) return this.fail(LineMessages.timestampOverflow(table, excerpt(b, p, digitsEnd), MAX_SAFE));
    this.timestamp = v;
    if (unit === TimeUnit.NANOS) this.timestampSub = lastDigits(b, Math.max(p, digitsEnd - 3), digitsEnd);
    return e;
  }

  /**
   * Scans a name or unquoted value from `p` to its first unescaped separator (`,` space `=` line end NUL) or
   * `end`; sets `escaped` and `nonAscii`.
   */
  private scan(b: Uint8Array, p: number, end: number): number {
    let escaped = false;
    let nonAscii = false;
    while (p < end) {
      const k = TOKEN[b[p]];
      if (k === 0) { p++; continue; }
      if (k === 2) { nonAscii = true; p++; continue; }
      if (b[p] !== BACKSLASH) break;
      escaped = true;
      if (p + 1 >= end) { p = end; break; }
      if (b[p + 1] >= 0x80) nonAscii = true;
      p += 2;
    }
    this.escaped = escaped;
    this.nonAscii = nonAscii;
    return p > end ? end : p;
  }

  /** Copies `b[s..e)` without its escaping backslashes into the key or value scratch; the length. */
  private unescape(b: Uint8Array, s: number, e: number, key: boolean): number {
    let out = key ? this.keyBytes : this.valueBytes;
    if (out.length < e - s) {
      out = new Uint8Array(Math.max(out.length * 2, e - s));
      if (key) this.keyBytes = out; else this.valueBytes = out;
    }
    let n = 0;
    for (let i = s; i < e; i++) {
      let c = b[i];
      if (c === BACKSLASH && i + 1 < e) c = b[++i];
      out[n++] = c;
    }
    return n;
  }

  private more(start: number, end: number): number {
    this.block?.dropCurrentRow();
    this.need = end - start + 1;
    this.needLineEnd = true;
    return LINE_NEED_MORE;
  }

  private fail(message: string): number {
    this.block?.dropCurrentRow();
    this.error = new LineError(message, this.line);
    return LINE_FAILED;
  }

  private restart(block: TableBlock): number {
    block.dropCurrentRow();
    this.blocks.closeBlock(block);
    return LINE_RESTART;
  }
}

/** The decimal value of the digits `b[s..e)` (at most three: a nanosecond timestamp's sub-µs part). */
function lastDigits(b: Uint8Array, s: number, e: number): number {
  let n = 0;
  for (let k = s; k < e; k++) n = n * 10 + (b[k] - 0x30);
  return n;
}
