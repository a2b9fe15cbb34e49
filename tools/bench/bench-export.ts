/**
 * The export part of the workload: `GET /exp?query=SELECT * FROM <t> LIMIT 1000000` as CSV and as
 * Parquet, streamed to a file, median of 3; the CSV's lines are counted and the Parquet file is read
 * back with DuckDB.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { BenchClient } from './bench-http';
import { median } from './bench-stats';

export interface ExportResult {
  readonly table: string;
  readonly fmt: 'csv' | 'parquet';
  readonly rows: number;
  readonly bytes: number;
  readonly ms: number;
  readonly check: string;
}

async function rowsOf(file: string, fmt: 'csv' | 'parquet'): Promise<number> {
  if (fmt === 'csv') return readFileSync(file, 'latin1').split('\n').filter(Boolean).length - 1;
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  try {
    return Number((await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${file}')`)).getRows()[0][0]);
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

export async function runExports(client: BenchClient, tables: readonly { name: string; rows: number }[]): Promise<ExportResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-exp-'));
  const out: ExportResult[] = [];
  try {
    for (const t of tables) {
      for (const fmt of ['csv', 'parquet'] as const) {
        const file = join(dir, `${t.name}.${fmt}`);
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < 3; i++) {
          const fd = openSync(file, 'w');
          const t0 = performance.now();
          try {
            const r = await client.send('GET', `/exp?query=${encodeURIComponent(`SELECT * FROM ${t.name} LIMIT 1000000`)}${fmt === 'parquet' ? '&fmt=parquet' : ''}`, {}, undefined, (c) => writeSync(fd, c));
            if (r.status !== 200) throw new Error(`/exp HTTP ${r.status}`);
            bytes = r.bytes;
          } finally {
            closeSync(fd);
          }
          times.push(performance.now() - t0);
        }
        const rows = Math.min(1_000_000, t.rows);
        const found = await rowsOf(file, fmt);
        out.push({ table: t.name, fmt, rows, bytes, ms: median(times), check: found === rows ? 'ok' : `${found} rows, expected ${rows}` });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
