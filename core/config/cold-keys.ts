/**
 * svc-specific keys of the object-storage cold tier (plugins/storage-object-store) and of the open table
 * layout on the store (plugins/table-format-iceberg). No store is used while `cold.store.bucket` is empty.
 * Credentials: `cold.store.access.key` / `cold.store.secret.key` (each also as a `.file` key or an `SVC_`
 * variable); when both are empty, the AWS SDK's own chain (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, …).
 */
import { booleanKey, ConfigKey, durationKey, enumKey, intKey, sizeKey, stringKey } from './config-key';

/** The S3 endpoint URL (`http://127.0.0.1:9000` for a local S3-compatible store); empty = AWS for the region. */
export const COLD_STORE_ENDPOINT = stringKey('cold.store.endpoint', '');
/** The bucket that holds cold partitions; empty = no cold tier. */
export const COLD_STORE_BUCKET = stringKey('cold.store.bucket', '');
/** Key prefix inside the bucket (`svc/prod`): every object svc writes is under it. */
export const COLD_STORE_PREFIX = stringKey('cold.store.prefix', '');
export const COLD_STORE_REGION = stringKey('cold.store.region', 'us-east-1');
export const COLD_STORE_ACCESS_KEY = stringKey('cold.store.access.key', '', { secret: true });
export const COLD_STORE_SECRET_KEY = stringKey('cold.store.secret.key', '', { secret: true });
/** Path-style addressing (`endpoint/bucket/key`), which S3-compatible stores expect; false = virtual hosts. */
export const COLD_STORE_PATH_STYLE = booleanKey('cold.store.path.style', true);
/** One request's limit (connect and answer); a store that does not answer in time is unreachable. */
export const COLD_STORE_REQUEST_TIMEOUT = durationKey('cold.store.request.timeout', '30s');
/** Attempts per request (the SDK's retries with back-off) before a read or upload fails. */
export const COLD_STORE_MAX_ATTEMPTS = intKey('cold.store.max.attempts', 3, 1, 20);
/** Parts of this size upload a file in parallel (multipart) when it is larger; smaller files are one PUT. */
export const COLD_UPLOAD_PART_SIZE = sizeKey('cold.upload.part.size', '32m');
/**
 * Parquet partitions whose newest row is older than this, counted back from the table's newest row (never
 * from later than now), are uploaded to the store, verified, and their local file dropped; 0 = never.
 */
export const COLD_AFTER = durationKey('cold.after', '0');
/** How often the cold tier looks for Parquet partitions past `cold.after`. */
export const COLD_CHECK_INTERVAL = durationKey('cold.check.interval', '60s');
/** Local cache of cold bytes read back (relative to the root); emptied at start. */
export const COLD_CACHE_DIR = stringKey('cold.cache.dir', 'cold-cache');
/** Bound of the local cache in bytes (least recently used blocks are evicted past it). */
export const COLD_CACHE_SIZE = sizeKey('cold.cache.size', '2g');
/** Cache blocks: a ranged GET fetches whole aligned blocks of this size (so the footer costs one block). */
export const COLD_CACHE_BLOCK_SIZE = sizeKey('cold.cache.block.size', '1m');
/** The open table layout written beside the Parquet files: `iceberg` (Apache Iceberg v2 metadata) or `none`. */
export const COLD_TABLE_FORMAT = enumKey('cold.table.format', 'iceberg', ['iceberg', 'none']);

export const COLD_KEYS: readonly ConfigKey<unknown>[] = [
  COLD_STORE_ENDPOINT, COLD_STORE_BUCKET, COLD_STORE_PREFIX, COLD_STORE_REGION, COLD_STORE_ACCESS_KEY,
  COLD_STORE_SECRET_KEY, COLD_STORE_PATH_STYLE, COLD_STORE_REQUEST_TIMEOUT, COLD_STORE_MAX_ATTEMPTS,
  COLD_UPLOAD_PART_SIZE, COLD_AFTER, COLD_CHECK_INTERVAL, COLD_CACHE_DIR, COLD_CACHE_SIZE, COLD_CACHE_BLOCK_SIZE,
  COLD_TABLE_FORMAT,
];
