/**
 * `_meta`: a table's structure as JSON. Each column has a stable id and file name,
 * so renaming a column rewrites only `_meta` and dropping one touches only its own files.
 */
import { readFileSync } from 'node:fs';
import { ColumnDef, TableSchema } from '../../core/data/table-schema';
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { CommitMode, writeFileAtomic } from './atomic-file';

export interface StoredColumn extends ColumnDef {
  /** Never reused within a table; keys `_txn` column tops and symbol counts. */
  readonly id: number;
  /** File base name in partition folders: `<file>.d`, `<file>.i`; `<file>.sym` in the table folder. */
  readonly file: string;
}

/** The schema plus what only storage needs: column ids and file names, and the next column id. */
export interface TableMeta extends Omit<TableSchema, 'columns'> {
  readonly columns: readonly StoredColumn[];
  readonly nextColumnId: number;
}

interface StoredType { tag: string; bits?: number; geoChars?: boolean; dims?: number; elem?: string; precision?: number; scale?: number }

export function toSchema(meta: TableMeta): TableSchema {
  const { columns, nextColumnId: _next, ...rest } = meta;
  return { ...rest, columns: columns.map(({ id: _id, file: _file, ...def }) => def) };
}

function typeToJson(t: ColumnType): StoredType {
  return {
    tag: TypeTag[t.tag], bits: t.bits, geoChars: t.geoChars, dims: t.dims, elem: t.elem === undefined ? undefined : TypeTag[t.elem],
    precision: t.precision, scale: t.scale,
  };
}

function typeFromJson(s: StoredType): ColumnType {
  const tag = TypeTag[s.tag as keyof typeof TypeTag];
  if (tag === undefined) throw new Error(`unknown column type in _meta: ${s.tag}`);
  const t: { tag: TypeTag; bits?: number; geoChars?: boolean; dims?: number; elem?: TypeTag; precision?: number; scale?: number } = { tag };
  if (s.precision !== undefined) t.precision = s.precision;
  if (s.scale !== undefined) t.scale = s.scale;
  if (s.bits !== undefined) t.bits = s.bits;
  if (s.geoChars !== undefined) t.geoChars = s.geoChars;
  if (s.dims !== undefined) t.dims = s.dims;
  if (s.elem !== undefined) t.elem = TypeTag[s.elem as keyof typeof TypeTag];
  return Object.freeze(t);
}

export function writeMeta(path: string, meta: TableMeta, mode: CommitMode): void {
  const json = { formatVersion: 1, ...meta, columns: meta.columns.map((c) => ({ ...c, type: typeToJson(c.type) })) };
  writeFileAtomic(path, JSON.stringify(json), mode);
}

export function readMeta(path: string): TableMeta {
  type Json = Omit<TableMeta, 'columns'> & { formatVersion: number; columns: (Omit<StoredColumn, 'type'> & { type: StoredType })[] };
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Json;
  if (raw.formatVersion !== 1) throw new Error(`unsupported _meta format version ${raw.formatVersion} [file=${path}]`);
  const { formatVersion: _v, ...rest } = raw;
  return { ...rest, columns: raw.columns.map((c) => ({ ...c, type: typeFromJson(c.type) })) };
}
