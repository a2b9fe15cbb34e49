/** Helpers for the storage tests and tools: a temporary engine, batches from rows, rows from scans. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ColumnBatch } from '../../core/data/column-batch';
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { decodeUtf8 } from '../../core/data/utf8';
import { VectorBuilder } from '../../core/data/vector-builder';
import { Vector } from '../../core/data/vector';
import { ScanOptions, TableReader } from '../../core/extension/storage-engine';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ColumnarEngine, EngineOptions } from './columnar-engine';

export type Cell = number | bigint | string | Uint8Array | null;

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-storage-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function openEngine(dbDir: string, overrides: Partial<EngineOptions> = {}): Promise<ColumnarEngine> {
  const engine = new ColumnarEngine({
    dbDir, maxUncommittedRows: 500000, o3MaxLagMicros: 600_000_000, commitMode: 'nosync',
    cacheBytes: 64 * 1024 * 1024, writerTimeoutMs: 200, maxNameLength: 127, metrics: new ServerMetrics(), ...overrides,
  });
  await engine.start();
  return engine;
}

/** A batch from rows of cells (null = SQL NULL; SYMBOL and text columns take strings). */
export function makeBatch(types: readonly ColumnType[], rows: readonly (readonly Cell[])[]): ColumnBatch {
  const builders = types.map((t) => new VectorBuilder(t, 16));
  for (const row of rows) {
    row.forEach((cell, c) => {
      const b = builders[c];
      if (cell === null) b.appendNull();
      else if (typeof cell === 'number') b.appendNumber(cell);
      else if (typeof cell === 'bigint') b.appendBigInt(cell);
      else if (typeof cell === 'string') b.appendString(cell);
      else b.appendBytes(cell);
    });
  }
  return { rowCount: rows.length, vectors: builders.map((b) => b.build()) };
}

/** Every row of a scan as cells: numbers, bigint for LONGs beyond 2^53, strings, hex for UUID/LONG256. */
export async function readRows(reader: TableReader, options?: Partial<ScanOptions>): Promise<Cell[][]> {
  const columns = options?.columns ?? reader.schema.columns.map((_, i) => i);
  const out: Cell[][] = [];
  for await (const batch of reader.scan({ ...options, columns })) {
    for (let r = 0; r < batch.rowCount; r++) out.push(batch.vectors.map((v) => cellOf(v, r)));
  }
  return out;
}

export function cellOf(v: Vector, r: number): Cell {
  if (v.offsets) {
    if (v.nulls && v.nulls[r] === 1) return null;
    const bytes = v.data as Uint8Array;
    if (v.type.tag === TypeTag.BINARY) return bytes.slice(v.offsets[r], v.offsets[r + 1]);
    return decodeUtf8(bytes, v.offsets[r], v.offsets[r + 1]);
  }
  switch (v.type.tag) {
    case TypeTag.SYMBOL: return v.symbols ? v.symbols.value(v.data[r]) : null;
    case TypeTag.UUID: case TypeTag.LONG256: case TypeTag.DECIMAL: {
      const w = v.type.tag === TypeTag.UUID ? 16 : 32;
      return Buffer.from((v.data as Uint8Array).subarray(r * w, (r + 1) * w)).toString('hex');
    }
    default:
      if (v.exact) return v.exact[r];
      return v.data[r];
  }
}
