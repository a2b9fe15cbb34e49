/**
 * Test support: Parquet partition files made by DuckDB (embedded, a devDependency) for a DAY-partitioned
 * table `(ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty LONG)`, and the partition locations that describe them.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { ParquetPartitionLocation } from '../../core/extension/partition-bytes';

export const TRADES: TableSchema = {
  id: 1, name: 'trades', directoryName: 'trades~1', timestampIndex: 0, partitionBy: 'DAY',
  columns: [
    { name: 'ts', type: Types.TIMESTAMP }, { name: 'sym', type: Types.SYMBOL },
    { name: 'price', type: Types.DOUBLE }, { name: 'qty', type: Types.LONG },
  ],
  maxUncommittedRows: 500000, o3MaxLagMicros: 600000000, walEnabled: false, dedupKeys: [],
};

const DAY_MICROS = 86_400_000_000;

/** Writes `days` files of `rowsPerDay` rows each (day d starts 2024-01-01 + d) and returns their locations. */
export async function writeDays(dir: string, days: number, rowsPerDay: number): Promise<ParquetPartitionLocation[]> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const out: ParquetPartitionLocation[] = [];
  try {
    for (let d = 0; d < days; d++) {
      const floor = Date.UTC(2024, 0, 1 + d) * 1000;
      const name = new Date(floor / 1000).toISOString().slice(0, 10);
      const path = join(dir, `${name}.parquet`);
      const step = Math.floor(DAY_MICROS / rowsPerDay);
      await c.run(`COPY (SELECT make_timestamp(${floor}::BIGINT + i * ${step}) AS ts, 'S' || (i % 3) AS sym,
        (i % 100) * 0.5 AS price, i::BIGINT AS qty FROM range(${rowsPerDay}) t(i)) TO '${path}' (FORMAT parquet)`);
      out.push({
        table: 'trades', tableDir: 'trades~1', partition: name, floor, dir: `${name}.${d + 1}`, file: 'data.parquet',
        path, size: statSync(path).size, rows: rowsPerDay, minTimestamp: floor, maxTimestamp: floor + (rowsPerDay - 1) * step,
        tier: 'parquet',
      });
    }
  } finally {
    c.closeSync();
  }
  return out;
}
