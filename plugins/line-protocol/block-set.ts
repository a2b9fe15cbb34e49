/**
 * Everything a session parsed and has not yet handed to storage: TableBlocks in the order their first lines
 * came, and the open block per table name (the one new rows go to).
 */
import { decodeUtf8 } from '../../core/data/utf8';
import { NameIndex } from './name-index';
import { TableBlock } from './table-block';

export class BlockSet {
  readonly blocks: TableBlock[] = [];
  private open: TableBlock[] = [];
  private index = new NameIndex();
  private last: TableBlock | undefined;
  /** Rows of each table's last block before `clear`: a new block of that table starts with room for as many. */
  private sizes = new Map<string, number>();

  constructor(private readonly maxTables: number) {}

  /** The open block of the table named `b[s..e)`; undefined when a new one would pass `maxTables`. */
  blockFor(b: Uint8Array, s: number, e: number, line: number): TableBlock | undefined {
    const last = this.last;
    if (last !== undefined && !last.closed && last.isTable(b, s, e)) return last;
    const i = this.index.get(b, s, e);
    if (i >= 0 && !this.open[i].closed) {
      this.last = this.open[i];
      return this.last;
    }
    if (i < 0 && this.open.length >= this.maxTables) return undefined;
    const bytes = b.slice(s, e);
    const name = decodeUtf8(bytes, 0, bytes.length);
    const block = new TableBlock(name, bytes, line, capacityFor(this.sizes.get(name)));
    this.blocks.push(block);
    if (i >= 0) {
      this.open[i] = block;
    } else {
      this.index.set(bytes, this.open.length);
      this.open.push(block);
    }
    this.last = block;
    return block;
  }

  /** Closes the open block of `block`'s table so the next line of that table starts a new one. */
  closeBlock(block: TableBlock): void {
    block.closed = true;
    if (this.last === block) this.last = undefined;
  }

  /** Distinct table names seen. */
  get tableCount(): number {
    return this.open.length;
  }

  get rowCount(): number {
    let n = 0;
    for (const b of this.blocks) n += b.rows;
    return n;
  }

  get byteSize(): number {
    let n = 0;
    for (const b of this.blocks) n += b.byteSize;
    return n;
  }

  /** Forgets every block (after they were written, or on rollback). */
  clear(): void {
    if (this.sizes.size > MAX_REMEMBERED) this.sizes.clear();
    for (const b of this.blocks) this.sizes.set(b.table, b.rows);
    this.blocks.length = 0;
    this.open = [];
    this.index = new NameIndex();
    this.last = undefined;
  }
}

/** Tables whose block sizes are remembered at most (a session writing to more forgets them all). */
const MAX_REMEMBERED = 1024;
/** Block room in rows: the default, or the power of two that holds the rows the table's last block had. */
const FIRST_ROWS = 1024;
const MAX_ROWS = 1 << 20;

function capacityFor(rows: number | undefined): number {
  if (rows === undefined || rows <= FIRST_ROWS) return FIRST_ROWS;
  let n = FIRST_ROWS;
  while (n < rows && n < MAX_ROWS) n *= 2;
  return n;
}
