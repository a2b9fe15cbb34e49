/**
 * For the Parquet tests: writes a ResultSet with the real serializer to a temporary file and reads
 * it back with DuckDB (@duckdb/node-api, a dev dependency) — an independent reader.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ColumnType } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { MemoryResultSet } from '../export-csv/memory-result-set';
import { parquetExportFormat } from './parquet-export-format';

const dir = mkdtempSync(join(tmpdir(), 'svc-parquet-test-'));
let fileNo = 0;

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
