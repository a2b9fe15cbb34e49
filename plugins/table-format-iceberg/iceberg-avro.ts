/**
 * The Avro schemas of Iceberg v2 manifests and manifest lists (the spec's "Manifests" and "Manifest Lists"
 * sections), with their field ids, and the container files written and read with avsc.
 */
import { Type, streams } from 'avsc';
import { Readable } from 'node:stream';

type AvroSchema = Record<string, unknown>;

const optional = (name: string, type: unknown, id: number): AvroSchema => ({ name, type: ['null', type], default: null, 'field-id': id });

const intLongMap = (recordName: string, keyId: number, valueId: number, valueType: 'long' | 'bytes'): AvroSchema => ({
  type: 'array', logicalType: 'map',
  items: { type: 'record', name: recordName, fields: [
    { name: 'key', type: 'int', 'field-id': keyId }, { name: 'value', type: valueType, 'field-id': valueId },
  ] },
});

/** One partition field of a table's spec, as the manifest's `partition` struct holds it. */
export interface AvroPartitionField {
  readonly name: string;
  readonly fieldId: number;
  /** `date` for the day transform (an int of days), absent for hour/month/year (plain ints). */
  readonly logicalType?: 'date';
}

export function manifestEntrySchema(partition: readonly AvroPartitionField[]): AvroSchema {
  return {
    type: 'record', name: 'manifest_entry', fields: [
      { name: 'status', type: 'int', 'field-id': 0 },
      optional('snapshot_id', 'long', 1),
      optional('sequence_number', 'long', 3),
      optional('file_sequence_number', 'long', 4),
      { name: 'data_file', 'field-id': 2, type: { type: 'record', name: 'r2', fields: [
        { name: 'content', type: 'int', 'field-id': 134 },
        { name: 'file_path', type: 'string', 'field-id': 100 },
        { name: 'file_format', type: 'string', 'field-id': 101 },
        { name: 'partition', 'field-id': 102, type: { type: 'record', name: 'r102', fields: partition.map((p) => optional(p.name,
          p.logicalType === undefined ? 'int' : { type: 'int', logicalType: p.logicalType }, p.fieldId)) } },
        { name: 'record_count', type: 'long', 'field-id': 103 },
        { name: 'file_size_in_bytes', type: 'long', 'field-id': 104 },
        optional('column_sizes', intLongMap('k117_v118', 117, 118, 'long'), 108),
        optional('value_counts', intLongMap('k119_v120', 119, 120, 'long'), 109),
        optional('null_value_counts', intLongMap('k121_v122', 121, 122, 'long'), 110),
        optional('nan_value_counts', intLongMap('k138_v139', 138, 139, 'long'), 137),
        optional('lower_bounds', intLongMap('k126_v127', 126, 127, 'bytes'), 125),
        optional('upper_bounds', intLongMap('k129_v130', 129, 130, 'bytes'), 128),
        optional('key_metadata', 'bytes', 131),
        optional('split_offsets', { type: 'array', items: 'long', 'element-id': 133 }, 132),
        optional('equality_ids', { type: 'array', items: 'int', 'element-id': 136 }, 135),
        optional('sort_order_id', 'int', 140),
      ] } },
    ],
  };
}

export const MANIFEST_FILE_SCHEMA: AvroSchema = {
  type: 'record', name: 'manifest_file', fields: [
    { name: 'manifest_path', type: 'string', 'field-id': 500 },
    { name: 'manifest_length', type: 'long', 'field-id': 501 },
    { name: 'partition_spec_id', type: 'int', 'field-id': 502 },
    { name: 'content', type: 'int', 'field-id': 517 },
    { name: 'sequence_number', type: 'long', 'field-id': 515 },
    { name: 'min_sequence_number', type: 'long', 'field-id': 516 },
    { name: 'added_snapshot_id', type: 'long', 'field-id': 503 },
    { name: 'added_files_count', type: 'int', 'field-id': 504 },
    { name: 'existing_files_count', type: 'int', 'field-id': 505 },
    { name: 'deleted_files_count', type: 'int', 'field-id': 506 },
    { name: 'added_rows_count', type: 'long', 'field-id': 512 },
    { name: 'existing_rows_count', type: 'long', 'field-id': 513 },
    { name: 'deleted_rows_count', type: 'long', 'field-id': 514 },
    optional('partitions', { type: 'array', 'element-id': 508, items: { type: 'record', name: 'r508', fields: [
      { name: 'contains_null', type: 'boolean', 'field-id': 509 },
      optional('contains_nan', 'boolean', 518),
      optional('lower_bound', 'bytes', 510),
      optional('upper_bound', 'bytes', 511),
    ] } }, 507),
    optional('key_metadata', 'bytes', 519),
  ],
};

/** An Avro object container file (no compression) of `records`, with the key-value `metadata`. */
export async function writeAvroFile(schema: AvroSchema, records: readonly unknown[], metadata: Readonly<Record<string, string>>): Promise<Buffer> {
  const type = Type.forSchema(schema as Parameters<typeof Type.forSchema>[0]);
  const meta: Record<string, Buffer> = {};
  for (const [k, v] of Object.entries(metadata)) meta[k] = Buffer.from(v, 'utf8');
  const options = { codec: 'null', metadata: meta } as unknown as ConstructorParameters<typeof streams.BlockEncoder>[1];
  const encoder = new streams.BlockEncoder(type as unknown as ConstructorParameters<typeof streams.BlockEncoder>[0], options);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    encoder.on('data', (c: Buffer) => chunks.push(c));
    encoder.on('end', resolve);
    encoder.on('error', reject);
  });
  for (const r of records) encoder.write(r);
  encoder.end();
  await done;
  return Buffer.concat(chunks);
}

/** The records of an Avro container file (decoded with the writer's schema). */
export async function readAvroFile(bytes: Uint8Array): Promise<unknown[]> {
  const decoder = new streams.BlockDecoder();
  const out: unknown[] = [];
  await new Promise<void>((resolve, reject) => {
    decoder.on('data', (r: unknown) => out.push(r));
    decoder.on('end', resolve);
    decoder.on('error', reject);
    Readable.from([Buffer.from(bytes)]).pipe(decoder);
  });
  return out;
}
