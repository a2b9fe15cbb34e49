/**
 * How a table partition is laid out as Parquet: the export writer's column mapping (plugins/export-parquet
 * parquet-schema.ts: the designated timestamp REQUIRED, every other column OPTIONAL; SYMBOL, CHAR, IPv4,
 * GEOHASH, LONG256 and DECIMAL as their text), row groups of `rowGroupSize` rows with statistics (the
 * designated timestamp's min/max prune row groups), and footer entries naming each column's svc type
 * (`svc.column.types`) and its stable id (`svc.column.ids`), so renames, drops and added columns still map.
 */
import { ddlTypeName, TypeTag, typeName } from '../../../core/data/column-type';
import { SvcError } from '../../../core/errors';
import { Codec } from '../../export-parquet/parquet-options';
import { ParquetOptions } from '../../export-parquet/parquet-options';
import { SVC_COLUMN_TYPES } from '../../export-parquet/parquet-metadata-keys';
import { leafSpec, LeafSpec } from '../../export-parquet/parquet-schema';
import { StoredColumn, TableMeta } from '../table-meta';

/** Footer key: the table column id of each Parquet column, a JSON array in file column order. */
export const SVC_COLUMN_IDS = 'svc.column.ids';
/** The partition file's name inside its folder version, as QuestDB names it. */
export const PARQUET_FILE = 'data.parquet';

export interface PartitionEncoding {
  readonly codec: Codec;
  readonly compressionLevel: number;
  readonly rowGroupSize: number;
  readonly dataPageSize: number;
  /** Data page format 1 or 2 (v2: DELTA_BINARY_PACKED timestamps). */
  readonly version: 1 | 2;
}

export const DEFAULT_ENCODING: PartitionEncoding = { codec: 'ZSTD', compressionLevel: 3, rowGroupSize: 100_000, dataPageSize: 1_048_576, version: 2 };

export function writerOptions(e: PartitionEncoding): ParquetOptions {
  return {
    partitionBy: 'NONE', codec: e.codec, compressionLevel: e.compressionLevel, rowGroupSize: e.rowGroupSize,
    dataPageSize: e.dataPageSize, statistics: true, version: e.version, fileVersion: e.version,
    rawArrayEncoding: false, bloomFilterColumns: [], bloomFilterFpp: 0.01,
  };
}

/** Throws the clear refusal for a column type a Parquet partition cannot hold exactly. */
export function checkConvertible(meta: TableMeta, partition: string): void {
  for (const c of meta.columns) {
    const t = c.type;
    if (t.tag === TypeTag.ARRAY && ((t.dims ?? 1) > 1 || (t.elem ?? TypeTag.DOUBLE) !== TypeTag.DOUBLE)) {
      throw SvcError.badRequest(`cannot convert partition to Parquet [table=${meta.name}, partition=${partition}]: column ${c.name} is ${ddlTypeName(t)}, and a Parquet partition holds only one-dimensional DOUBLE arrays`);
    }
  }
}

export function leafSpecs(meta: TableMeta): LeafSpec[] {
  return meta.columns.map((c, i) => ({ ...leafSpec(c.name, c.type, false), optional: i !== meta.timestampIndex }));
}

export function footerEntries(meta: TableMeta): [string, string][] {
  return [
    [SVC_COLUMN_TYPES, JSON.stringify(meta.columns.map((c) => typeName(c.type)))],
    [SVC_COLUMN_IDS, JSON.stringify(meta.columns.map((c) => c.id))],
  ];
}

/** For each table column, the index of the Parquet column holding it, or -1 (added after the conversion). */
export function fileColumnsOf(columns: readonly StoredColumn[], keyValues: ReadonlyMap<string, string>, names: readonly string[]): number[] {
  const text = keyValues.get(SVC_COLUMN_IDS);
  let ids: unknown;
  try { ids = text === undefined ? undefined : JSON.parse(text); } catch { ids = undefined; }
  if (Array.isArray(ids) && ids.length === names.length) return columns.map((c) => ids.indexOf(c.id));
  const lower = names.map((n) => n.toLowerCase());
  return columns.map((c) => lower.indexOf(c.name.toLowerCase()));
}
