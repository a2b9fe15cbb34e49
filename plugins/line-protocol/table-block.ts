/**
 * The rows one request (or one TCP batch) parsed for one table, column by column: designated timestamps,
 * the line number of each row (for errors that are found later, at the writer), and one BlockColumn per
 * name. Names are matched case-insensitively, the way tables match them. Each name has one protocol type
 * per block: a line giving it another type starts a new block, so the types are checked against the table
 * in line order, as QuestDB checks them line by line.
 */
import { decodeUtf8 } from '../../core/data/utf8';
import { BlockColumn } from './block-column';
import { NameIndex, sameFolded } from './name-index';

/** What `column()` answers besides a column: the name already has a value in this row, or another type. */
export const DUPLICATE = 1;
export const OTHER_TYPE = 2;

export class TableBlock {
  rows = 0;
  timestamps: Float64Array;
  /** Nanoseconds within each row's µs (0..999) when the line gave a nanosecond timestamp, else 0. */
  subMicros: Uint16Array;
  lines: Int32Array;
  readonly columns: BlockColumn[] = [];
  /** Set when a later block of the same table took over (a type change); no more rows are added. */
  closed = false;
  /**
   * Names given an empty value (`x=`) where the block had no value for them yet, with the line of the first
   * one: planning refuses such a line when its table has no such column by then (QuestDB: invalid column type).
   */
  readonly emptyNames: string[] = [];
  readonly emptyLines: number[] = [];
  private readonly index = new NameIndex();
  private emptyIndex = new NameIndex();
  /** The column index at each entity position of the previous line: most lines repeat the same names. */
  private predicted = new Int32Array(16).fill(-1);

  constructor(readonly table: string, readonly tableBytes: Uint8Array, readonly firstLine: number, private readonly capacity = 1024) {
    this.timestamps = new Float64Array(capacity);
    this.subMicros = new Uint16Array(capacity);
    this.lines = new Int32Array(capacity);
  }

  /**
   * The column for entity number `position` of the current row named `b[s..e)` (escapes removed), creating it
   * on first use; DUPLICATE when the row already has a value for the name, OTHER_TYPE when the block holds
   * the name with another protocol type (or array dimension count).
   */
  column(position: number, b: Uint8Array, s: number, e: number, type: number, dims: number): BlockColumn | number {
    const row = this.rows;
    let c: BlockColumn | undefined;
    const guess = position < this.predicted.length ? this.predicted[position] : -1;
    if (guess >= 0 && sameFolded(this.columns[guess].nameBytes, b, s, e)) {
      c = this.columns[guess];
    } else {
      const found = this.index.get(b, s, e);
      if (found >= 0) {
        c = this.columns[found];
        this.predict(position, found);
      }
    }
    if (c === undefined) {
      const nameBytes = b.slice(s, e);
      // A column of the block's first line gets the block's room (the common dense case); a later one
      // starts small and doubles, so sparse columns cost what they hold.
      const created = new BlockColumn(decodeUtf8(nameBytes, 0, nameBytes.length), nameBytes, type, dims, row,
        row === 0 ? this.capacity : Math.min(this.capacity, Math.max(16, row + 1)));
      this.index.set(nameBytes, this.columns.length);
      this.predict(position, this.columns.length);
      this.columns.push(created);
      return created;
    }
    if (c.has(row)) return DUPLICATE;
    if (c.type !== type || c.dims !== dims) return OTHER_TYPE;
    return c;
  }

  /**
   * The column entity number `position` named on the previous line when this line names it byte for byte,
   * followed by `=`, and has no value in the current row yet; else undefined (then `column()` decides).
   */
  expected(position: number, b: Uint8Array, view: DataView, p: number, end: number): BlockColumn | undefined {
    if (position >= this.predicted.length) return undefined;
    const i = this.predicted[position];
    if (i < 0) return undefined;
    const c = this.columns[i];
    const name = c.nameBytes;
    const n = name.length;
    if (p + n >= end || b[p + n] !== 0x3d) return undefined;
    // Four bytes at a time, then the tail.
    const words = c.nameWords;
    for (let k = 0; k < words.length; k++) if (view.getUint32(p + 4 * k, true) !== words[k]) return undefined;
    for (let k = words.length * 4; k < n; k++) if (b[p + k] !== name[k]) return undefined;
    return c.has(this.rows) ? undefined : c;
  }

  /** Notes an empty value for the name `b[s..e)` on `line` (once per name, and not for a name that has values). */
  noteEmpty(b: Uint8Array, s: number, e: number, line: number): void {
    const i = this.index.get(b, s, e);
    if ((i >= 0 && this.columns[i].used) || this.emptyIndex.get(b, s, e) >= 0) return;
    const nameBytes = b.slice(s, e);
    this.emptyIndex.set(nameBytes, this.emptyNames.length);
    this.emptyNames.push(decodeUtf8(nameBytes, 0, nameBytes.length));
    this.emptyLines.push(line);
  }

  /** Forgets the empty-value notes of lines from `line` on (lines dropped or parsed again). */
  dropEmptyNotesFrom(line: number): void {
    const n = this.emptyLines.length;
    let keep = n;
    while (keep > 0 && this.emptyLines[keep - 1] >= line) keep--;
    if (keep === n) return;
    this.emptyNames.length = keep;
    this.emptyLines.length = keep;
    this.emptyIndex = new NameIndex();
    this.emptyNames.forEach((name, k) => this.emptyIndex.set(Buffer.from(name), k));
  }

  /** Whether `b[s..e)` names this block's table (ASCII case ignored). */
  isTable(b: Uint8Array, s: number, e: number): boolean {
    return sameFolded(this.tableBytes, b, s, e);
  }

  /** Ends the current row: its designated timestamp (µs, plus `sub` ns within the µs) and line number. */
  endRow(timestamp: number, line: number, sub = 0): void {
    const row = this.rows;
    if (row >= this.timestamps.length) {
      const n = this.timestamps.length * 2;
      const t = new Float64Array(n);
      t.set(this.timestamps);
      this.timestamps = t;
      const s = new Uint16Array(n);
      s.set(this.subMicros);
      this.subMicros = s;
      const l = new Int32Array(n);
      l.set(this.lines);
      this.lines = l;
    }
    this.timestamps[row] = timestamp;
    this.subMicros[row] = sub;
    this.lines[row] = line;
    this.rows = row + 1;
  }

  /** Drops the values (and empty-value notes) the current (unfinished) row has set so far. */
  dropCurrentRow(): void {
    for (const c of this.columns) c.truncate(this.rows);
    if (this.emptyLines.length > 0) this.dropEmptyNotesFrom(this.rows > 0 ? this.lines[this.rows - 1] + 1 : 0);
  }

  /** Keeps the first `rows` rows (TCP: the rows before a bad line are still committed). */
  truncate(rows: number): void {
    if (rows >= this.rows) return;
    this.dropEmptyNotesFrom(rows > 0 ? this.lines[rows - 1] + 1 : 0);
    this.rows = rows;
    for (const c of this.columns) c.truncate(rows);
  }

  /** Pads every column to the row count; called once before the block is written. */
  finish(): void {
    for (const c of this.columns) c.padTo(this.rows);
  }

  get byteSize(): number {
    let n = this.timestamps.byteLength + this.subMicros.byteLength + this.lines.byteLength;
    for (const c of this.columns) n += c.byteSize;
    return n;
  }

  private predict(position: number, column: number): void {
    if (position >= this.predicted.length) {
      const p = new Int32Array(Math.max(position + 1, this.predicted.length * 2)).fill(-1);
      p.set(this.predicted);
      this.predicted = p;
    }
    this.predicted[position] = column;
  }
}
