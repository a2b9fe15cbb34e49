/**
 * The manifest of a snapshot (every live data file, plus the files it removes) and its manifest-list
 * record. One manifest per snapshot: svc tables have one file per partition, so a few thousand entries.
 */
import { TypeTag } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { ParquetPartitionLocation } from '../../core/extension/partition-bytes';
import { hivePartition } from './hive-partition';
import { IcebergSchema, PartitionSpec } from './iceberg-metadata';
import { intBound, longBound } from './iceberg-types';

export const enum EntryStatus { EXISTING = 0, ADDED = 1, DELETED = 2 }

/** A data file as a manifest entry describes it (what publish compares and carries over). */
export interface DataFileEntry {
  readonly status: EntryStatus;
  readonly snapshotId: number;
  readonly sequenceNumber: number;
  readonly fileSequenceNumber: number;
  readonly path: string;
  /** The Iceberg partition value (hours/days/months/years), or undefined for an unpartitioned spec. */
  readonly partition: number | undefined;
  readonly records: number;
  readonly size: number;
  /** Column id → serialized bound. */
  readonly lower: ReadonlyMap<number, Buffer>;
  readonly upper: ReadonlyMap<number, Buffer>;
  readonly valueCounts: ReadonlyMap<number, number>;
  readonly nullCounts: ReadonlyMap<number, number>;
}

/** The entry of a cold partition added by snapshot `snapshotId` (bounds of the designated timestamp only). */
export function addedEntry(table: TableSchema, schema: IcebergSchema, spec: PartitionSpec, uri: string,
  file: ParquetPartitionLocation, snapshotId: number, sequence: number): DataFileEntry {
  const ts = table.columns[table.timestampIndex];
  const field = ts === undefined ? undefined : schema.fields.find((f) => f.name === ts.name);
  const lower = new Map<number, Buffer>();
  const upper = new Map<number, Buffer>();
  const valueCounts = new Map<number, number>();
  const nullCounts = new Map<number, number>();
  if (field !== undefined && file.rows > 0) {
    const scale = ts.type.tag === TypeTag.TIMESTAMP_NS ? 1000 : 1;
    lower.set(field.id, longBound(file.minTimestamp * scale));
    upper.set(field.id, longBound(file.maxTimestamp * scale));
    valueCounts.set(field.id, file.rows);
    nullCounts.set(field.id, 0);
  }
  const partition = spec.fields.length === 0 || ts === undefined ? undefined
    : hivePartition(ts.name, table.partitionBy, file.floor, file.partition).ordinal;
  return {
    status: EntryStatus.ADDED, snapshotId, sequenceNumber: sequence, fileSequenceNumber: sequence, path: uri, partition,
    records: file.rows, size: file.remote?.size ?? file.size, lower, upper, valueCounts, nullCounts,
  };
}

const kv = (m: ReadonlyMap<number, number | Buffer>): { key: number; value: number | Buffer }[] | null =>
  m.size === 0 ? null : [...m].map(([key, value]) => ({ key, value }));

/** The Avro record of an entry (manifest_entry). */
export function entryRecord(e: DataFileEntry, spec: PartitionSpec): Record<string, unknown> {
  const partition: Record<string, number | null> = {};
  for (const f of spec.fields) partition[f.name] = e.partition ?? null;
  return {
    status: e.status,
    snapshot_id: e.snapshotId,
    sequence_number: e.sequenceNumber,
    file_sequence_number: e.fileSequenceNumber,
    data_file: {
      content: 0, file_path: e.path, file_format: 'PARQUET', partition,
      record_count: e.records, file_size_in_bytes: e.size,
      column_sizes: null, value_counts: kv(e.valueCounts), null_value_counts: kv(e.nullCounts), nan_value_counts: null,
      lower_bounds: kv(e.lower), upper_bounds: kv(e.upper),
      key_metadata: null, split_offsets: null, equality_ids: null, sort_order_id: 0,
    },
  };
}

interface KeyValue { readonly key: number; readonly value: unknown }

function toMap<V>(list: unknown, ok: (v: unknown) => v is V): Map<number, V> {
  const m = new Map<number, V>();
  if (!Array.isArray(list)) return m;
  for (const item of list as KeyValue[]) if (typeof item?.key === 'number' && ok(item.value)) m.set(item.key, item.value);
  return m;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isBuffer = (v: unknown): v is Buffer => Buffer.isBuffer(v);

/** An entry read back from a manifest written earlier (by this plugin or another writer). */
export function entryFromRecord(r: unknown, spec: PartitionSpec): DataFileEntry | undefined {
  if (typeof r !== 'object' || r === null) return undefined;
  const rec = r as Record<string, unknown>;
  const df = rec.data_file as Record<string, unknown> | undefined;
  if (df === undefined || typeof df.file_path !== 'string') return undefined;
  const part = df.partition as Record<string, unknown> | undefined;
  const pv = spec.fields.length === 0 || part === undefined ? undefined : part[spec.fields[0].name];
  return {
    status: rec.status as EntryStatus,
    snapshotId: Number(rec.snapshot_id ?? 0),
    sequenceNumber: Number(rec.sequence_number ?? 0),
    fileSequenceNumber: Number(rec.file_sequence_number ?? 0),
    path: df.file_path,
    partition: typeof pv === 'number' ? pv : undefined,
    records: Number(df.record_count),
    size: Number(df.file_size_in_bytes),
    lower: toMap(df.lower_bounds, isBuffer),
    upper: toMap(df.upper_bounds, isBuffer),
    valueCounts: toMap(df.value_counts, isNumber),
    nullCounts: toMap(df.null_value_counts, isNumber),
  };
}

/** The manifest-list record of a snapshot's one manifest. */
export function manifestFileRecord(path: string, length: number, entries: readonly DataFileEntry[], snapshotId: number, sequence: number): Record<string, unknown> {
  let added = 0, existing = 0, deleted = 0, addedRows = 0, existingRows = 0, deletedRows = 0;
  let minSeq = sequence;
  let lo = Infinity, hi = -Infinity, partitioned = false;
  for (const e of entries) {
    if (e.status === EntryStatus.ADDED) { added++; addedRows += e.records; }
    else if (e.status === EntryStatus.EXISTING) { existing++; existingRows += e.records; }
    else { deleted++; deletedRows += e.records; }
    if (e.status !== EntryStatus.DELETED) minSeq = Math.min(minSeq, e.sequenceNumber);
    if (e.partition !== undefined) { partitioned = true; lo = Math.min(lo, e.partition); hi = Math.max(hi, e.partition); }
  }
  return {
    manifest_path: path, manifest_length: length, partition_spec_id: 0, content: 0,
    sequence_number: sequence, min_sequence_number: minSeq, added_snapshot_id: snapshotId,
    added_files_count: added, existing_files_count: existing, deleted_files_count: deleted,
    added_rows_count: addedRows, existing_rows_count: existingRows, deleted_rows_count: deletedRows,
    partitions: partitioned ? [{ contains_null: false, contains_nan: false, lower_bound: intBound(lo), upper_bound: intBound(hi) }] : null,
    key_metadata: null,
  };
}
