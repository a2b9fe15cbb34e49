/**
 * TableBlocks across a worker boundary: plain objects whose typed arrays postMessage copies. Every array of
 * a block is its own ArrayBuffer (so a copy is only its own bytes); empty ones (shared placeholders) stay behind.
 */
import { BlockColumn } from './block-column';
import { TableBlock } from './table-block';

export interface WireColumn {
  readonly name: string;
  readonly nameBytes: Uint8Array;
  readonly type: number;
  readonly dims: number;
  readonly firstRow: number;
  readonly firstNanos: boolean;
  readonly rows: number;
  readonly arrays: Readonly<Record<string, ArrayBufferView>>;
  readonly symbols: readonly string[];
}

export interface WireBlock {
  readonly table: string;
  readonly tableBytes: Uint8Array;
  readonly firstLine: number;
  readonly rows: number;
  readonly timestamps: Float64Array;
  readonly subMicros: Uint16Array;
  readonly lines: Int32Array;
  readonly columns: readonly WireColumn[];
  readonly emptyNames: readonly string[];
  readonly emptyLines: readonly number[];
}

const ARRAY_FIELDS = ['f64', 'exact', 'sub', 'keys', 'u8', 'heap', 'elements', 'offsets', 'nulls', 'shapes'] as const;
type ArrayField = (typeof ARRAY_FIELDS)[number];

/** The block as a message (its arrays are copied by postMessage). */
export function toWire(block: TableBlock): WireBlock {
  return {
    table: block.table, tableBytes: block.tableBytes, firstLine: block.firstLine, rows: block.rows,
    timestamps: block.timestamps, subMicros: block.subMicros, lines: block.lines,
    columns: block.columns.filter((c) => c.used).map((c) => {
      const arrays: Record<string, ArrayBufferView> = {};
      for (const f of ARRAY_FIELDS) {
        const a = c[f];
        if (a !== undefined && a.byteLength > 0) arrays[f] = a;
      }
      return { name: c.name, nameBytes: c.nameBytes, type: c.type, dims: c.dims, firstRow: c.firstRow, firstNanos: c.firstNanos, rows: c.rows, arrays, symbols: c.symbols };
    }),
    emptyNames: block.emptyNames, emptyLines: block.emptyLines,
  };
}

/**
 * A block rebuilt from its message (closed: nothing parses into it any more). `lineBase` is added to its line
 * numbers (a piece of the input parsed on its own counts from 1).
 */
export function fromWire(w: WireBlock, lineBase = 0): TableBlock {
  const block = new TableBlock(w.table, w.tableBytes, w.firstLine + lineBase, 1);
  block.rows = w.rows;
  block.timestamps = w.timestamps;
  block.subMicros = w.subMicros;
  block.lines = w.lines;
  if (lineBase !== 0) for (let i = 0; i < w.rows; i++) block.lines[i] += lineBase;
  block.closed = true;
  for (const wc of w.columns) {
    const c = new BlockColumn(wc.name, wc.nameBytes, wc.type, wc.dims, wc.firstRow, 1);
    for (const f of ARRAY_FIELDS) {
      const a = wc.arrays[f];
      if (a !== undefined) adopt(c, f, a);
    }
    c.rows = wc.rows;
    c.firstNanos = wc.firstNanos;
    c.symbols.push(...wc.symbols);
    block.columns.push(c);
  }
  block.emptyNames.push(...w.emptyNames);
  block.emptyLines.push(...w.emptyLines.map((l) => l + lineBase));
  return block;
}

function adopt(c: BlockColumn, field: ArrayField, a: ArrayBufferView): void {
  switch (field) {
    case 'f64': c.f64 = a as Float64Array; break;
    case 'exact': c.exact = a as BigInt64Array; break;
    case 'sub': c.sub = a as Int16Array; break;
    case 'keys': c.keys = a as Int32Array; break;
    case 'u8': c.u8 = a as Uint8Array; break;
    case 'heap': c.heap = a as Uint8Array; break;
    case 'elements': c.elements = a as Float64Array; break;
    case 'offsets': c.offsets = a as Int32Array; break;
    case 'nulls': c.nulls = a as Uint8Array; break;
    case 'shapes': c.shapes = a as Int32Array; break;
  }
}
