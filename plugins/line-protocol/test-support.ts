/** Helpers for the line-protocol tests: parse text into blocks and read their values back as plain cells. */
import { LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { decodeUtf8 } from '../../core/data/utf8';
import { BlockColumn } from './block-column';
import { BlockSet } from './block-set';
import { IlpType } from './ilp-type';
import { LineError } from './line-error';
import { LineParser } from './line-parser';
import { LineReader } from './line-reader';
import { TimeUnit } from './time-unit';

export const NOW = 1_000_000;

export interface Parsed {
  readonly blocks: BlockSet;
  readonly error: LineError | undefined;
  readonly lines: number;
}

/** Parses `input` fed in the given chunk sizes (default: whole), then ends it. */
export function parse(input: string | Uint8Array, options: { chunks?: readonly number[]; precision?: TimeUnit; maxLine?: number; maxTables?: number } = {}): Parsed {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  const blocks = new BlockSet(options.maxTables ?? 1000);
  const reader = new LineReader(new LineParser(blocks, { precision: options.precision ?? TimeUnit.NANOS, now: () => NOW }), options.maxLine ?? 1 << 20, 'max.line');
  let at = 0;
  for (const size of options.chunks ?? []) {
    reader.feed(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) reader.feed(bytes.subarray(at));
  reader.end();
  return { blocks, error: reader.error, lines: reader.lines };
}

export type Cell = number | bigint | string | boolean | null | readonly number[];

/** The value of row `i` of a block column, as a cell (null for no value). */
export function cell(c: BlockColumn, i: number): Cell {
  if (i >= c.rows) return null;
  switch (c.type) {
    case IlpType.TAG: return c.keys[i] < 0 ? null : c.symbols[c.keys[i]];
    case IlpType.FLOAT: return c.f64[i];
    case IlpType.INTEGER: case IlpType.TIMESTAMP:
      if (c.exact) return c.exact[i] === LONG_NULL_BIG ? null : c.exact[i];
      return c.f64[i] === LONG_NULL ? null : c.f64[i];
    case IlpType.BOOLEAN: return c.u8[i] === 1;
    case IlpType.ARRAY: return c.nulls[i] === 1 ? null : Array.from(c.elements.subarray(c.offsets[i], c.offsets[i + 1]));
    default: return c.nulls[i] === 1 ? null : decodeUtf8(c.heap, c.offsets[i], c.offsets[i + 1]);
  }
}

/** Every block as `{table, rows: {column: cell}[]}` with timestamps under `@ts`. */
export function rowsOf(p: Parsed): { table: string; rows: Record<string, Cell>[] }[] {
  return p.blocks.blocks.filter((b) => b.rows > 0).map((b) => ({
    table: b.table,
    rows: Array.from({ length: b.rows }, (_, i) => {
      const row: Record<string, Cell> = { '@ts': b.timestamps[i] };
      for (const c of b.columns) if (c.used && i < c.rows && cell(c, i) !== null) row[c.name] = cell(c, i);
      return row;
    }),
  }));
}
