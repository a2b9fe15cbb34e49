/**
 * Decides the target table of an upload: create it from the detected
 * structure and `schema`, drop and re-create it (`overwrite=true`), or append to it — columns matched by
 * header name, else by position; more fields than columns → `column count mismatch`; the table's types,
 * partitioning and designated timestamp win. Opens the writer and returns the parse columns. A table it
 * creates with a `partitionBy` other than NONE is a WAL table while `cairo.wal.enabled.default` is true
 * (QuestDB 9.4.4's CairoTextWriter: `walEnabledDefault && PartitionBy.isPartitioned`), whatever the format.
 */
import { ColumnDef, PartitionBy, TableSchema, findColumn } from '../../core/data/table-schema';
import { TypeTag, Types, isDesignatedTimestampType } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';
import { ImportColumn, TextStructure } from '../../core/extension/import-format';
import { StorageEngine, TableWriter } from '../../core/extension/storage-engine';
import { cleanColumnName } from '../import-delimited/column-names';
import { ImportParams } from './import-params';
import { SchemaEntry, schemaFor } from './import-schema';

/** What a table /imp creates takes from the server's configuration. */
export interface TableDefaults {
  /** `cairo.wal.enabled.default`. */
  readonly walEnabledDefault: boolean;
}

export interface PreparedTable {
  readonly writer: TableWriter;
  readonly schema: TableSchema;
  readonly columns: readonly ImportColumn[];
  readonly partitionFromTable: boolean;
  readonly timestampFromTable: boolean;
}

interface NewColumn { readonly def: ColumnDef; readonly pattern: string | undefined; readonly upsertKey: boolean }

function newColumns(structure: TextStructure, schema: readonly SchemaEntry[], params: ImportParams, table: string): NewColumn[] {
  const byPosition = !structure.header && schema.length === structure.columns.length;
  const columns = structure.columns.map((c, i): NewColumn => {
    const entry = schemaFor(schema, c.name, i, byPosition);
    const name = byPosition && entry ? cleanColumnName(entry.name) || c.name : c.name;
    let type = entry?.type ?? (entry?.pattern !== undefined ? Types.TIMESTAMP : c.type);
    const pattern = entry?.pattern ?? (entry?.type === undefined || entry.type === c.type ? c.pattern : undefined);
    if (params.timestamp !== undefined && name.toLowerCase() === params.timestamp.toLowerCase() && type.tag === TypeTag.DATE) {
      type = Types.TIMESTAMP; // a designated timestamp detected as DATE keeps its pattern and becomes TIMESTAMP
    }
    return { def: { name, type }, pattern, upsertKey: entry?.upsertKey === true };
  });
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    const lower = c.def.name.toLowerCase();
    if (seen.has(lower)) throw SvcError.badRequest(`duplicate column name found [no=${i},name=${c.def.name}]`);
    seen.add(lower);
  });
  if (params.timestamp !== undefined) {
    const ts = columns.find((c) => c.def.name.toLowerCase() === params.timestamp?.toLowerCase());
    if (!ts) throw SvcError.badRequest(`invalid timestamp column '${params.timestamp}'`);
    if (!isDesignatedTimestampType(ts.def.type)) throw SvcError.badRequest(`not a timestamp '${params.timestamp}'`);
  }
  return columns;
}

async function createFromUpload(engine: StorageEngine, table: string, structure: TextStructure,
  schema: readonly SchemaEntry[], params: ImportParams, defaults: TableDefaults): Promise<{ schema: TableSchema; patterns: (string | undefined)[] }> {
  const columns = newColumns(structure, schema, params, table);
  const timestamp = params.timestamp === undefined ? undefined
    : columns.find((c) => c.def.name.toLowerCase() === params.timestamp?.toLowerCase())?.def.name;
  const upsert = columns.filter((c) => c.upsertKey).map((c) => c.def.name);
  if (upsert.length > 0 && timestamp !== undefined && !upsert.includes(timestamp)) upsert.push(timestamp);
  const partitionBy = params.partitionBy ?? 'NONE';
  const created = await engine.createTable({
    name: table,
    columns: columns.map((c) => c.def),
    timestamp,
    partitionBy,
    walEnabled: defaults.walEnabledDefault && partitionBy !== 'NONE',
    maxUncommittedRows: params.maxUncommittedRows !== undefined && params.maxUncommittedRows > 0 ? params.maxUncommittedRows : undefined,
    o3MaxLagMicros: params.o3MaxLag !== undefined && params.o3MaxLag >= 0 ? params.o3MaxLag : undefined,
    dedupKeys: timestamp !== undefined && upsert.length > 0 ? upsert : undefined,
  });
  return { schema: created, patterns: columns.map((c) => c.pattern) };
}

/** Per table column, the field that feeds it: by header name when every header name is a column, else by position. */
function fieldMapping(table: TableSchema, structure: TextStructure): number[] {
  const fields = structure.columns;
  if (fields.length > table.columns.length) {
    throw SvcError.badRequest(`column count mismatch [textColumnCount=${fields.length}, tableColumnCount=${table.columns.length}, table=${table.name}]`);
  }
  const byName = structure.header && fields.every((f) => findColumn(table, f.name) >= 0);
  return table.columns.map((c, i) => {
    if (!byName) return i < fields.length ? i : -1;
    return fields.findIndex((f) => f.name.toLowerCase() === c.name.toLowerCase());
  });
}

export async function prepareTable(engine: StorageEngine, table: string, structure: TextStructure,
  schema: readonly SchemaEntry[], params: ImportParams, defaults: TableDefaults, signal: AbortSignal): Promise<PreparedTable> {
  let existing = engine.getTable(table);
  if (existing && params.overwrite) {
    await engine.dropTable(existing.name);
    existing = undefined;
  }
  if (!existing && !params.create) throw SvcError.badRequest(`table does not exist [table=${table}] and create param was set to false.`);
  let target: TableSchema;
  let fieldOf: number[];
  let patterns: (string | undefined)[];
  if (existing) {
    target = existing;
    fieldOf = fieldMapping(existing, structure);
    patterns = existing.columns.map((c, i) => {
      const f = fieldOf[i];
      return schemaFor(schema, c.name, f, false)?.pattern ?? (f >= 0 ? structure.columns[f].pattern : undefined);
    });
  } else {
    const created = await createFromUpload(engine, table, structure, schema, params, defaults);
    target = created.schema;
    fieldOf = target.columns.map((_, i) => i);
    patterns = created.patterns;
  }
  const writer = await engine.openWriter(target.name, { signal });
  const tsName = target.timestampIndex >= 0 ? target.columns[target.timestampIndex].name : undefined;
  const columns = target.columns.map((c, i): ImportColumn => ({
    name: c.name,
    type: c.type,
    fieldIndex: fieldOf[i],
    patterns: patterns[i] !== undefined ? [patterns[i] as string] : [],
    symbols: c.type.tag === TypeTag.SYMBOL ? writer.symbolTable(i) : undefined,
  }));
  const requested: PartitionBy | undefined = params.partitionBy;
  return {
    writer,
    schema: target,
    columns,
    partitionFromTable: existing !== undefined && requested !== undefined && requested !== target.partitionBy,
    timestampFromTable: existing !== undefined && params.timestamp !== undefined
      && params.timestamp.toLowerCase() !== (tsName ?? '').toLowerCase(),
  };
}
