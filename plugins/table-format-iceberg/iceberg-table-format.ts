/**
 * The open table layout on the store: each table is Hive-partitioned Parquet
 * (`<table>/<ts>_day=2024-01-01/<partition version>.parquet`) plus Apache Iceberg v2 metadata under
 * `<table>/metadata/`. A publish writes the new manifest, manifest list and `v<N+1>.metadata.json`, and
 * only then replaces `version-hint.text`, so engines that follow the hint see one snapshot or the next.
 */
import { randomUUID } from 'node:crypto';
import { TableSchema } from '../../core/data/table-schema';
import { ObjectStore } from '../../core/extension/object-store';
import { ParquetPartitionLocation } from '../../core/extension/partition-bytes';
import { TableFormat } from '../../core/extension/table-format';
import { hiveEscape, hivePartition } from './hive-partition';
import { MANIFEST_FILE_SCHEMA, manifestEntrySchema, readAvroFile, writeAvroFile } from './iceberg-avro';
import { addedEntry, DataFileEntry, EntryStatus, entryFromRecord, entryRecord, manifestFileRecord } from './iceberg-manifests';
import { isTableMetadata, newSnapshotId, nextMetadata, PartitionSpec, schemaFor, specFor, TableMetadata } from './iceberg-metadata';

export const VERSION_HINT = 'version-hint.text';

interface Current {
  readonly version: number;
  readonly metadata: TableMetadata;
  readonly files: readonly DataFileEntry[];
}

export class IcebergTableFormat implements TableFormat {
  readonly name = 'iceberg';

  constructor(private readonly store: ObjectStore, private readonly now: () => number = Date.now) {}

  /** The table's folder on the store (relative to the prefix). */
  tableKey(table: string): string {
    return hiveEscape(table);
  }

  dataKey(schema: TableSchema, location: ParquetPartitionLocation): string {
    const ts = schema.columns[schema.timestampIndex]?.name ?? 'ts';
    const hive = hivePartition(ts, schema.partitionBy, location.floor, location.partition);
    return `${this.tableKey(schema.name)}/${hive.field}=${hiveEscape(hive.value)}/${hiveEscape(location.dir)}.parquet`;
  }

  /** `s3://bucket/prefix/<key>`: how metadata names files. */
  uri(key: string): string {
    return `${this.store.location}/${key}`;
  }

  async publish(table: TableSchema, files: readonly ParquetPartitionLocation[], signal?: AbortSignal): Promise<void> {
    const base = this.tableKey(table.name);
    const current = await this.current(base, signal);
    const { schema, lastColumnId } = schemaFor(table, current?.metadata);
    const spec = specFor(table, schema);
    const wanted = new Map<string, ParquetPartitionLocation>();
    for (const f of files) if (f.remote !== undefined) wanted.set(this.uri(f.remote.key), f);
    const live = (current?.files ?? []).filter((e) => e.status !== EntryStatus.DELETED);
    const unchanged = current !== undefined && live.length === wanted.size && live.every((e) => wanted.has(e.path))
      && schema['schema-id'] === current.metadata['current-schema-id'];
    if (unchanged) return;

    const nowMs = this.now();
    const snapshotId = newSnapshotId(current?.metadata, nowMs);
    const sequence = (current?.metadata['last-sequence-number'] ?? 0) + 1;
    const entries: DataFileEntry[] = [];
    const kept = new Set<string>();
    for (const e of live) {
      if (wanted.has(e.path)) { entries.push({ ...e, status: EntryStatus.EXISTING }); kept.add(e.path); }
      else entries.push({ ...e, status: EntryStatus.DELETED, snapshotId });
    }
    for (const [uri, f] of wanted) if (!kept.has(uri)) entries.push(addedEntry(table, schema, spec, uri, f, snapshotId, sequence));

    const manifestKey = `${base}/metadata/${randomUUID()}-m0.avro`;
    const manifest = await writeAvroFile(manifestEntrySchema(avroPartition(spec)), entries.map((e) => entryRecord(e, spec)), {
      schema: JSON.stringify(schema), 'schema-id': String(schema['schema-id']),
      'partition-spec': JSON.stringify(spec.fields), 'partition-spec-id': String(spec['spec-id']),
      'format-version': '2', content: 'data',
    });
    await this.store.putBytes(manifestKey, manifest, signal);
    const listKey = `${base}/metadata/snap-${snapshotId}-1-${randomUUID()}.avro`;
    const list = await writeAvroFile(MANIFEST_FILE_SCHEMA, [manifestFileRecord(this.uri(manifestKey), manifest.length, entries, snapshotId, sequence)], {
      'snapshot-id': String(snapshotId), 'parent-snapshot-id': String(current?.metadata['current-snapshot-id'] ?? 'null'),
      'sequence-number': String(sequence), 'format-version': '2',
    });
    await this.store.putBytes(listKey, list, signal);

    const added = entries.filter((e) => e.status === EntryStatus.ADDED);
    const removed = entries.filter((e) => e.status === EntryStatus.DELETED);
    const liveNow = entries.filter((e) => e.status !== EntryStatus.DELETED);
    const sum = (list: readonly DataFileEntry[], f: (e: DataFileEntry) => number): string => String(list.reduce((a, e) => a + f(e), 0));
    const operation = removed.length === 0 ? 'append' : added.length === 0 ? 'delete' : 'overwrite';
    const version = (current?.version ?? 0) + 1;
    const metadata = nextMetadata({
      table, location: this.uri(base), previous: current?.metadata,
      previousFile: current === undefined ? undefined : this.uri(`${base}/metadata/v${current.version}.metadata.json`),
      schema, lastColumnId, spec, nowMs,
      snapshot: {
        'sequence-number': sequence, 'snapshot-id': snapshotId,
        ...(current !== undefined ? { 'parent-snapshot-id': current.metadata['current-snapshot-id'] } : {}),
        'timestamp-ms': nowMs, 'manifest-list': this.uri(listKey), 'schema-id': schema['schema-id'],
        summary: {
          operation,
          'added-data-files': String(added.length), 'deleted-data-files': String(removed.length),
          'added-records': sum(added, (e) => e.records), 'deleted-records': sum(removed, (e) => e.records),
          'added-files-size': sum(added, (e) => e.size), 'removed-files-size': sum(removed, (e) => e.size),
          'total-data-files': String(liveNow.length), 'total-records': sum(liveNow, (e) => e.records),
          'total-files-size': sum(liveNow, (e) => e.size), 'total-delete-files': '0',
          'total-position-deletes': '0', 'total-equality-deletes': '0',
        },
      },
    });
    await this.store.putBytes(`${base}/metadata/v${version}.metadata.json`, Buffer.from(JSON.stringify(metadata, null, 1)), signal);
    // The pointer swap: a single PUT, so readers see the previous version or this one.
    await this.store.putBytes(`${base}/metadata/${VERSION_HINT}`, Buffer.from(String(version)), signal);
  }

  /** The version the hint names, its metadata and the data files of its current snapshot; undefined for none. */
  private async current(base: string, signal?: AbortSignal): Promise<Current | undefined> {
    const hint = await this.getText(`${base}/metadata/${VERSION_HINT}`, signal);
    if (hint === undefined) return undefined;
    const version = Number(hint.trim());
    if (!Number.isInteger(version) || version < 1) return undefined;
    const text = await this.getText(`${base}/metadata/v${version}.metadata.json`, signal);
    if (text === undefined) return undefined;
    const metadata: unknown = JSON.parse(text);
    if (!isTableMetadata(metadata)) return undefined;
    const snapshot = metadata.snapshots.find((s) => s['snapshot-id'] === metadata['current-snapshot-id']);
    const spec = metadata['partition-specs'][0] ?? { 'spec-id': 0, fields: [] };
    const files: DataFileEntry[] = [];
    if (snapshot !== undefined) {
      for (const m of await this.readAvro(snapshot['manifest-list'], signal)) {
        const path = (m as { manifest_path?: unknown }).manifest_path;
        if (typeof path !== 'string') continue;
        for (const r of await this.readAvro(path, signal)) {
          const e = entryFromRecord(r, spec);
          if (e !== undefined && e.status !== EntryStatus.DELETED) files.push(e);
        }
      }
    }
    return { version, metadata, files };
  }

  private keyOf(uri: string): string {
    const root = `${this.store.location}/`;
    return uri.startsWith(root) ? uri.slice(root.length) : uri;
  }

  private async readAvro(uri: string, signal?: AbortSignal): Promise<unknown[]> {
    const key = this.keyOf(uri);
    const info = await this.store.head(key, signal);
    if (info === undefined) return [];
    return readAvroFile(await this.store.read(key, 0, info.size, signal));
  }

  private async getText(key: string, signal?: AbortSignal): Promise<string | undefined> {
    const info = await this.store.head(key, signal);
    if (info === undefined) return undefined;
    return Buffer.from(await this.store.read(key, 0, info.size, signal)).toString('utf8');
  }
}

function avroPartition(spec: PartitionSpec): { name: string; fieldId: number; logicalType?: 'date' }[] {
  return spec.fields.map((f) => ({ name: f.name, fieldId: f['field-id'], ...(f.transform === 'day' ? { logicalType: 'date' as const } : {}) }));
}
