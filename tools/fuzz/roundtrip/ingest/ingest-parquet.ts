/**
 * /imp with a Parquet file DuckDB writes: each column in its natural Parquet type (BOOLEAN, INT8..INT64,
 * FLOAT, DOUBLE, TIMESTAMP in ms/µs/ns, UUID, DECIMAL up to 38 digits) and the types Parquet lacks (SYMBOL,
 * CHAR, IPv4, LONG256, GEOHASH, wider DECIMALs) as their text. Arrays (nested columns) are refused by
 * svc's Parquet import, and DuckDB's TIMESTAMP_NS cannot hold ±(2^63 − 1), so those are not written.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { multipartBody } from '../../../../features/support/multipart';
import { IngestPath } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { textOf } from '../rt-text';
import { RtTable, tsOf } from '../rt-table';
import { Model } from '../rt-values';
import { importFile } from './ingest-csv';

const DUCK: Partial<Record<RtColumn['kind'], string>> = {
  bool: 'BOOLEAN', byte: 'TINYINT', short: 'SMALLINT', int: 'INTEGER', long: 'BIGINT', float: 'REAL', double: 'DOUBLE',
  date: 'TIMESTAMP_MS', timestamp: 'TIMESTAMP', timestamp_ns: 'TIMESTAMP_NS', uuid: 'UUID',
};

function duckType(c: RtColumn): string {
  if (c.kind === 'decimal' && (c.precision ?? 0) <= 38) return `DECIMAL(${c.precision},${c.scale})`;
  return DUCK[c.kind] ?? 'VARCHAR';
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

function duckValue(c: RtColumn, v: Model): string {
  const t = duckType(c);
  if (v === null) return `NULL::${t}`;
  switch (c.kind) {
    case 'bool': return String(v);
    case 'byte': case 'short': case 'int': case 'long': return `(${v})::${t}`;
    case 'float': case 'double': return `${quote(textOf(c, v).replace('-0.0', '-0'))}::${t}`;
    case 'date': return `epoch_ms((${v})::BIGINT)::TIMESTAMP_MS`;
    case 'timestamp': return `make_timestamp((${v})::BIGINT)`;
    case 'timestamp_ns': return `make_timestamp_ns((${v})::BIGINT)`;
    default: return `${quote(textOf(c, v))}::${t}`;
  }
}

export function parquetSelect(t: RtTable): string {
  const rows = t.rows.map((row, r) => `(${r}::BIGINT, make_timestamp(${tsOf(r)}::BIGINT), ${t.columns.map((c, ci) => duckValue(c, row[ci].v)).join(', ')})`);
  return `SELECT * FROM (VALUES ${rows.join(', ')}) v(id, ts, ${t.columns.map((c) => `"${c.name}"`).join(', ')})`;
}

export const parquetImport: IngestPath = {
  name: 'imp-parquet',
  accepts: (c, v) => c.kind !== 'array' && !(c.kind === 'timestamp_ns' && (v === 9223372036854775807n || v === -9223372036854775807n)),
  async write(ctx, t) {
    const file = join(ctx.scratch, `${t.name}.parquet`);
    await ctx.duck.must(`COPY (${parquetSelect(t)}) TO '${file}' (FORMAT PARQUET)`);
    const bytes = readFileSync(file);
    rmSync(file, { force: true });
    await importFile(ctx, t.name, multipartBody([{ name: 'data', filename: `${t.name}.parquet`, body: bytes }]), 'Parquet');
  },
};
