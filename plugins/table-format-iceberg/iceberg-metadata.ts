/**
 * Iceberg v2 table metadata (`vN.metadata.json`, the spec's "Table Metadata"): built from the previous
 * version (kept: the table uuid, field ids, sequence numbers, logs) and the new snapshot. Only the current
 * snapshot is kept; older ones move to `snapshot-log`, since svc deletes an object once no partition uses it.
 */
import { randomUUID } from 'node:crypto';
import { TypeTag } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { IcebergTransform, transformOf } from './hive-partition';
import { IcebergField, icebergPrimitive, IcebergType, nameMapping } from './iceberg-types';

export const PARTITION_FIELD_ID = 1000;

export interface IcebergSnapshot {
  readonly 'sequence-number': number;
  readonly 'snapshot-id': number;
  readonly 'parent-snapshot-id'?: number;
  readonly 'timestamp-ms': number;
  readonly summary: Readonly<Record<string, string>>;
  readonly 'manifest-list': string;
  readonly 'schema-id': number;
}

export interface IcebergSchema {
  readonly type: 'struct';
  readonly 'schema-id': number;
  readonly fields: readonly IcebergField[];
}

export interface PartitionSpec {
  readonly 'spec-id': number;
  readonly fields: readonly { readonly name: string; readonly transform: IcebergTransform; readonly 'source-id': number; readonly 'field-id': number }[];
}

export interface TableMetadata {
  readonly 'format-version': 2;
  readonly 'table-uuid': string;
  readonly location: string;
  readonly 'last-sequence-number': number;
  readonly 'last-updated-ms': number;
  readonly 'last-column-id': number;
  readonly schemas: readonly IcebergSchema[];
  readonly 'current-schema-id': number;
  readonly 'partition-specs': readonly PartitionSpec[];
  readonly 'default-spec-id': number;
  readonly 'last-partition-id': number;
  readonly properties: Readonly<Record<string, string>>;
  readonly 'current-snapshot-id': number;
  readonly snapshots: readonly IcebergSnapshot[];
  readonly 'snapshot-log': readonly { readonly 'timestamp-ms': number; readonly 'snapshot-id': number }[];
  readonly 'metadata-log': readonly { readonly 'timestamp-ms': number; readonly 'metadata-file': string }[];
  readonly 'sort-orders': readonly { readonly 'order-id': number; readonly fields: readonly unknown[] }[];
  readonly 'default-sort-order-id': number;
  readonly refs: Readonly<Record<string, { readonly 'snapshot-id': number; readonly type: 'branch' }>>;
}

/** Metadata-log and snapshot-log entries kept. */
const LOG_LIMIT = 100;

/** The schema of the table's current columns, keeping the ids the previous schema gave the same names. */
export function schemaFor(table: TableSchema, previous: TableMetadata | undefined): { schema: IcebergSchema; lastColumnId: number } {
  const old = previous?.schemas.find((s) => s['schema-id'] === previous['current-schema-id']);
  const oldIds = new Map<string, IcebergField>();
  for (const s of previous?.schemas ?? []) for (const f of s.fields) oldIds.set(f.name.toLowerCase(), f);
  let last = previous?.['last-column-id'] ?? 0;
  const fields: IcebergField[] = table.columns.map((c) => {
    const primitive = icebergPrimitive(c.type);
    const before = oldIds.get(c.name.toLowerCase());
    const sameType = before !== undefined && (typeof before.type === 'string' ? before.type === primitive : primitive === 'list');
    const id = before !== undefined && sameType ? before.id : ++last;
    const required = c.type.tag === TypeTag.BOOLEAN || c.type.tag === TypeTag.BYTE || c.type.tag === TypeTag.SHORT;
    let type: IcebergType = primitive;
    if (primitive === 'list') {
      const elementId = before !== undefined && sameType && typeof before.type !== 'string' ? before.type['element-id'] : ++last;
      type = { type: 'list', 'element-id': elementId, element: 'double', 'element-required': false };
    }
    return { id, name: c.name, required, type };
  });
  const same = old !== undefined && JSON.stringify(old.fields) === JSON.stringify(fields);
  const schemaId = same ? old['schema-id'] : Math.max(-1, ...(previous?.schemas ?? []).map((s) => s['schema-id'])) + 1;
  return { schema: { type: 'struct', 'schema-id': schemaId, fields }, lastColumnId: last };
}

/** The partition spec: the timestamp transform, or none (WEEK, NONE, nanosecond timestamps). */
export function specFor(table: TableSchema, schema: IcebergSchema): PartitionSpec {
  const ts = table.columns[table.timestampIndex];
  const transform = ts === undefined || ts.type.tag !== TypeTag.TIMESTAMP ? undefined : transformOf(table.partitionBy);
  if (transform === undefined) return { 'spec-id': 0, fields: [] };
  const source = schema.fields.find((f) => f.name === ts.name);
  if (source === undefined) return { 'spec-id': 0, fields: [] };
  return { 'spec-id': 0, fields: [{ name: `${ts.name.toLowerCase()}_${transform}`, transform, 'source-id': source.id, 'field-id': PARTITION_FIELD_ID }] };
}

export interface NextMetadata {
  readonly table: TableSchema;
  readonly location: string;
  readonly previous: TableMetadata | undefined;
  /** Key of the previous metadata file (for `metadata-log`). */
  readonly previousFile: string | undefined;
  readonly snapshot: IcebergSnapshot;
  readonly schema: IcebergSchema;
  readonly lastColumnId: number;
  readonly spec: PartitionSpec;
  readonly nowMs: number;
}

export function nextMetadata(n: NextMetadata): TableMetadata {
  const p = n.previous;
  const schemas = p === undefined ? [n.schema]
    : p.schemas.some((s) => s['schema-id'] === n.schema['schema-id']) ? p.schemas : [...p.schemas, n.schema];
  const metadataLog = p === undefined || n.previousFile === undefined ? []
    : [...p['metadata-log'], { 'timestamp-ms': p['last-updated-ms'], 'metadata-file': n.previousFile }].slice(-LOG_LIMIT);
  return {
    'format-version': 2,
    'table-uuid': p?.['table-uuid'] ?? randomUUID(),
    location: n.location,
    'last-sequence-number': n.snapshot['sequence-number'],
    'last-updated-ms': n.nowMs,
    'last-column-id': n.lastColumnId,
    schemas,
    'current-schema-id': n.schema['schema-id'],
    'partition-specs': [n.spec],
    'default-spec-id': n.spec['spec-id'],
    'last-partition-id': n.spec.fields.length > 0 ? PARTITION_FIELD_ID : 999,
    properties: {
      ...(p?.properties ?? {}),
      'schema.name-mapping.default': nameMapping(n.schema.fields),
      'write.format.default': 'parquet',
      'svc.table': n.table.name,
    },
    'current-snapshot-id': n.snapshot['snapshot-id'],
    snapshots: [n.snapshot],
    'snapshot-log': [...(p?.['snapshot-log'] ?? []), { 'timestamp-ms': n.snapshot['timestamp-ms'], 'snapshot-id': n.snapshot['snapshot-id'] }].slice(-LOG_LIMIT),
    'metadata-log': metadataLog,
    'sort-orders': [{ 'order-id': 0, fields: [] }],
    'default-sort-order-id': 0,
    refs: { main: { 'snapshot-id': n.snapshot['snapshot-id'], type: 'branch' } },
  };
}

/** A snapshot id: positive, unique per table, and exact as a JSON number (below 2^53). */
export function newSnapshotId(previous: TableMetadata | undefined, nowMs: number): number {
  const id = nowMs * 1000 + Math.floor(Math.random() * 1000);
  const last = previous?.['current-snapshot-id'] ?? 0;
  return id > last ? id : last + 1;
}

/** Narrows parsed JSON to table metadata this plugin can continue (format 2, with its lists). */
export function isTableMetadata(v: unknown): v is TableMetadata {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return m['format-version'] === 2 && typeof m['table-uuid'] === 'string' && Array.isArray(m.schemas)
    && Array.isArray(m.snapshots) && Array.isArray(m['snapshot-log']) && Array.isArray(m['metadata-log']);
}
