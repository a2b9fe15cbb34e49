/**
 * For the Parquet tests: writes a ResultSet with the real serializer to a temporary file and reads
 * it back with DuckDB (@duckdb/node-api, a dev dependency) — an independent reader.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ColumnType } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { MemoryResultSet } from '../export-csv/memory-result-set';
import { parquetExportFormat } from './parquet-export-format';

const dir = mkdtempSync(join(tmpdir(), 'svc-parquet-test-'));
let fileNo = 0;
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

export async function writeParquet(result: MemoryResultSet, query: string): Promise<string> {
  const options = parquetExportFormat.parseOptions(new URLSearchParams(query));
  const parts: Uint8Array[] = [];
  for await (const c of parquetExportFormat.serialize(result, options, new AbortController().signal)) parts.push(c);
  const path = join(dir, `t${fileNo++}.parquet`);
  writeFileSync(path, Buffer.concat(parts));
  return path;
}

export type Row = Record<string, unknown>;

export async function duck(sql: string): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll(sql);
    return reader.getRowObjectsJS() as Row[];
  } finally {
    conn.closeSync();
  }
}

/** A result of one batch from columns built with VectorBuilder. */
export function resultOf(columns: readonly { name: string; type: ColumnType; fill: (b: VectorBuilder) => void }[], timestampIndex = -1): MemoryResultSet {
  const vectors = columns.map((c) => { const b = new VectorBuilder(c.type); c.fill(b); return b; });
  return new MemoryResultSet(columns.map((c) => ({ name: c.name, type: c.type })),
    [{ rowCount: vectors[0]?.length ?? 0, vectors: vectors.map((b) => b.build()) }], timestampIndex);
}

/** Data pages of the first column chunk: walks the PageHeaders (thrift compact) from the chunk start. */
export function countPages(path: string, offset: number, length: number): number {
  const b = readFileSync(path);
  let p = offset;
  let pages = 0;
  const varint = (): number => { let v = 0, m = 1; for (;;) { const x = b[p++]; v += (x & 0x7f) * m; if (x < 0x80) return v; m *= 128; } };
  const skip = (type: number): void => {
    switch (type) {
      case 1: case 2: return;
      case 3: p++; return;
      case 4: case 5: case 6: varint(); return;
      case 7: p += 8; return;
      case 8: p += varint(); return;
      case 9: { const h = b[p++]; const n = (h >> 4) === 15 ? varint() : h >> 4; for (let i = 0; i < n; i++) skip(h & 15); return; }
      case 12: struct(); return;
      default: throw new Error(`thrift type ${type}`);
    }
  };
  let compressed = 0;
  const struct = (top = false): void => {
    let id = 0;
    for (;;) {
      const h = b[p++];
      if (h === 0) return;
      const delta = h >> 4;
      if (delta === 0) { const z = varint(); id = (z >>> 1) ^ -(z & 1); } else id += delta;
      if (top && id === 3 && (h & 15) === 5) { const z = varint(); compressed = (z >>> 1) ^ -(z & 1); continue; }
      skip(h & 15);
    }
  };
  while (p < offset + length) {
    struct(true);
    p += compressed;
    pages++;
  }
  return pages;
}
