/**
 * The Parquet partition encoder's settings from server.conf (`cairo.partition.encoder.parquet.*`), checked
 * once at start-up: a compression level the codec does not have stops the server naming the key.
 */
import { ServerConfig } from '../../../core/config/server-config';
import {
  PARQUET_PARTITION_CODEC, PARQUET_PARTITION_DATA_PAGE_SIZE, PARQUET_PARTITION_LEVEL, PARQUET_PARTITION_ROW_GROUP_SIZE, PARQUET_PARTITION_VERSION,
} from '../../../core/config/server-keys';
import { SvcError } from '../../../core/errors';
import { Codec } from '../../export-parquet/parquet-options';
import { PartitionEncoding } from './partition-encoding';

const LEVELS: Partial<Record<Codec, readonly [number, number]>> = { ZSTD: [1, 22], GZIP: [0, 9], BROTLI: [0, 11] };

export function partitionEncodingOf(config: ServerConfig): PartitionEncoding {
  const codec = config.get(PARQUET_PARTITION_CODEC) as Codec;
  const level = config.get(PARQUET_PARTITION_LEVEL);
  const range = LEVELS[codec];
  if (range && (level < range[0] || level > range[1])) {
    throw new SvcError(`invalid value for configuration key ${PARQUET_PARTITION_LEVEL.name} [value=${level}]: ${codec} levels are ${range[0]}..${range[1]}`);
  }
  return {
    codec, compressionLevel: level, rowGroupSize: config.get(PARQUET_PARTITION_ROW_GROUP_SIZE),
    dataPageSize: Math.max(64, config.get(PARQUET_PARTITION_DATA_PAGE_SIZE)), version: config.get(PARQUET_PARTITION_VERSION) === 1 ? 1 : 2,
  };
}
