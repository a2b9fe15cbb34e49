/**
 * The Parquet parameters of /exp, each checked
 * before the first byte is sent, with QuestDB 9.4.4's error texts. Codecs LZ4 (the deprecated Hadoop
 * framing, which DuckDB and Arrow refuse to read) and LZO (no reader among DuckDB/Arrow supports it) are
 * rejected as QuestDB rejects them, naming the codecs it writes; every other listed codec is written.
 */
import { SvcError } from '../../core/errors';
import { PARTITION_BY_VALUES, PartitionBy } from '../../core/data/table-schema';

export type Codec = 'UNCOMPRESSED' | 'SNAPPY' | 'GZIP' | 'ZSTD' | 'LZ4_RAW' | 'BROTLI';

export const SUPPORTED_CODECS: readonly Codec[] = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'ZSTD', 'LZ4_RAW', 'BROTLI'];

/** Level range per codec; codecs without levels accept any level in 0..22 and ignore it. */
const LEVELS: Readonly<Record<Codec, readonly [number, number] | undefined>> = {
  UNCOMPRESSED: undefined, SNAPPY: undefined, LZ4_RAW: undefined,
  GZIP: [0, 9], BROTLI: [0, 11], ZSTD: [1, 22],
};

export interface ParquetOptions {
  readonly partitionBy: PartitionBy;
  readonly codec: Codec;
  readonly compressionLevel: number;
  /** Rows per row group; `Infinity` for `row_group_size=0` (the whole result in one row group, as QuestDB). */
  readonly rowGroupSize: number;
  readonly dataPageSize: number;
  readonly statistics: boolean;
  /** The data page format: DataPageHeader (1) or DataPageHeaderV2 (2, the spec's default). */
  readonly version: 1 | 2;
  /**
   * FileMetaData.version: 2 only when `parquet_version=2` was asked for, else 1, the default included — what
   * QuestDB 9.4.4 writes (its own default version is 1).
   */
  readonly fileVersion: 1 | 2;
  readonly rawArrayEncoding: boolean;
  /** Column names (as given; matched case-insensitively). */
  readonly bloomFilterColumns: readonly string[];
  readonly bloomFilterFpp: number;
}

function bad(message: string): SvcError {
  return SvcError.badRequest(message);
}

function integer(params: URLSearchParams, name: string, fallback: number, min: number, max: number, message: string): number {
  const text = params.get(name);
  if (text === null || text.trim() === '') return fallback;
  const n = Number(text);
  if (!/^\s*-?\d{1,15}\s*$/.test(text) || n < min || n > max) throw bad(`${message}:${text}`);
  return n;
}

/** QuestDB's list in its error text: the codecs it writes, lower case. */
const CODEC_LIST = 'uncompressed, snappy, gzip, brotli, zstd, lz4_raw';

function bool(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const text = params.get(name);
  if (text === null || text === '') return fallback;
  const t = text.toLowerCase();
  if (t === 'true') return true;
  if (t === 'false') return false;
  throw bad(`invalid ${name}:${text}, expected true or false`);
}

export function parseParquetOptions(params: URLSearchParams): ParquetOptions {
  const partitionText = (params.get('partition_by') ?? 'NONE').toUpperCase() || 'NONE';
  if (!(PARTITION_BY_VALUES as readonly string[]).includes(partitionText)) {
    throw bad(`invalid partition_by:${params.get('partition_by')}, expected one of: ${PARTITION_BY_VALUES.join(', ')}`);
  }
  const codecText = (params.get('compression_codec') ?? 'ZSTD').toUpperCase() || 'ZSTD';
  if (!(SUPPORTED_CODECS as readonly string[]).includes(codecText)) {
    throw bad(`invalid compression codec[${params.get('compression_codec')}], expected one of: ${CODEC_LIST}`);
  }
  const codec = codecText as Codec;
  const range = LEVELS[codec] ?? [0, 22];
  // Spec default 9, which every codec with levels accepts.
  const compressionLevel = integer(params, 'compression_level', 9, range[0], range[1], 'invalid compression level');
  // QuestDB 9.4.4: 0 is accepted and means one row group for the whole result.
  const rowGroupSize = integer(params, 'row_group_size', 100_000, 0, 1 << 30, 'invalid row group size') || Infinity;
  const dataPageSize = integer(params, 'data_page_size', 1_048_576, 64, 1 << 30, 'invalid data page size');
  const versionText = params.get('parquet_version') ?? '2';
  if (versionText !== '1' && versionText !== '2' && versionText !== '') {
    throw bad(`invalid parquet version: ${versionText}, supported versions: 1, 2`);
  }
  const fppText = params.get('bloom_filter_fpp');
  let bloomFilterFpp = 0.01;
  if (fppText !== null && fppText !== '') {
    bloomFilterFpp = Number(fppText);
    if (!(bloomFilterFpp > 0 && bloomFilterFpp < 1)) throw bad(`bloom_filter_fpp must be between 0 and 1 (exclusive): ${fppText}`);
  }
  const columns = (params.get('bloom_filter_columns') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  return {
    partitionBy: partitionText as PartitionBy,
    codec,
    compressionLevel,
    rowGroupSize,
    dataPageSize,
    statistics: bool(params, 'statistics_enabled', true),
    version: versionText === '1' ? 1 : 2,
    fileVersion: params.get('parquet_version') === '2' ? 2 : 1,
    rawArrayEncoding: bool(params, 'raw_array_encoding', false),
    bloomFilterColumns: columns,
    bloomFilterFpp,
  };
}
