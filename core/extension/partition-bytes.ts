/**
 * Parquet partitions as bytes: how the storage engine's Parquet reader reads a partition's file, and how a
 * tier plugin (an object-store cold tier, an open table layout) takes part without knowing the engine.
 *
 * A table partition is in one of three tiers (`_txn` records which, and switches it atomically):
 * - `native`: column files in the partition's folder version;
 * - `parquet`: ONE Parquet file, `<table dir>/<partition dir>/<file>`, written by the engine;
 * - `cold`: the same Parquet file on a store, read back through a {@link ColdPartitionStore}.
 * The reader reads a Parquet partition through a {@link ByteSource}: the footer (the last 8 bytes, then the
 * footer they give the length of), then only the column chunks of the row groups a query needs, each one
 * `read` call. So a remote source serves ranged GETs, and a cache in front of it sees only those ranges.
 */

/** A readable, immutable run of bytes: a local file, or an object read with ranged GETs. */
export interface ByteSource {
  /** Total bytes. Rejects (SvcError) when the source cannot be reached. */
  size(): Promise<number>;
  /**
   * Exactly `length` bytes starting at `offset` (the result may be a view of a larger buffer: never modify
   * it). Rejects with an SvcError when the range is past the end, the source is unreachable (a 503 naming
   * the store) or `signal` aborts. Called concurrently; each call is independent.
   */
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
  /** Releases file handles or connections; the reader calls it once when done. Optional. */
  close?(): Promise<void>;
}

export type PartitionTier = 'native' | 'parquet' | 'cold';

/** Where one committed Parquet partition lives: enough to open it, upload it or name it on a store. */
export interface ParquetPartitionLocation {
  /** Table name as created (case kept). */
  readonly table: string;
  /** The table's folder under `<root>/db` (`tables()` directoryName, e.g. `trades~3`). */
  readonly tableDir: string;
  /** Partition name as `table_partitions()` shows it: `2024-01-01` (DAY), `2024-01` (MONTH), `default`. */
  readonly partition: string;
  /** First µs of the partition's time range (0 for NONE); with `partition`, a Hive value. */
  readonly floor: number;
  /** The partition's folder version inside the table folder (`2024-01-01.7`): changes at each rewrite. */
  readonly dir: string;
  /** The Parquet file's name inside `dir` (`data.parquet`). */
  readonly file: string;
  /** Absolute path of the local file (absent for a cold partition whose local copy is gone). */
  readonly path?: string;
  /** The file's bytes, as `_txn` recorded them. */
  readonly size: number;
  readonly rows: number;
  /** Designated-timestamp bounds of the rows, µs. */
  readonly minTimestamp: number;
  readonly maxTimestamp: number;
  readonly tier: 'parquet' | 'cold';
  /** For a cold partition: the store's reference (object key) as given to `PartitionTiers.markCold`. */
  readonly remote?: ColdReference;
}

/** What a cold tier records about an uploaded partition file (kept verbatim in `_txn`). */
export interface ColdReference {
  /** The object's key (or URI) on the store. */
  readonly key: string;
  /** Bytes of the object: equal to the local file's size when it was verified. */
  readonly size: number;
  /** A checksum the store verified (e.g. `sha256:<hex>`), kept for the record. */
  readonly checksum?: string;
}

/** A tier change the engine announces after `_txn` was replaced (for an open table layout's metadata). */
export interface PartitionTierChange {
  readonly table: string;
  readonly partition: string;
  /** The partition's tier before and after; `after` undefined: the partition was dropped (or the table truncated/dropped). */
  readonly before: PartitionTier;
  readonly after: PartitionTier | undefined;
  /** The new location when `after` is `parquet` or `cold`. */
  readonly location?: ParquetPartitionLocation;
}

/**
 * The storage engine's tier switch, registered by the storage plugin: what a cold tier or table layout plugin
 * calls. Every method takes the table's writer lock for the `_txn` swap only (never while uploading).
 */
export const PartitionTiers = Symbol.for('svc.PartitionTiers');

export interface PartitionTiers {
  /** The committed Parquet and cold partitions of a table, oldest first; [] for none. Throws for a missing table. */
  parquetPartitions(table: string): readonly ParquetPartitionLocation[];
  /** The bytes of a local Parquet partition (its file). The caller closes it. */
  openLocal(location: ParquetPartitionLocation): ByteSource;
  /**
   * Records in `_txn`, atomically, that a Parquet partition now lives on the store as `remote`; its local file is
   * deleted once no reader holds it. Refused (SvcError 409) when the partition changed since `location` was
   * taken (another `dir`): the caller uploads again or gives up. A crash before the swap leaves it `parquet`.
   */
  markCold(location: ParquetPartitionLocation, remote: ColdReference): Promise<void>;
  /** Calls `listener` after each committed tier change; returns the unsubscribe function. */
  onTierChange(listener: (change: PartitionTierChange) => void): () => void;
}

/**
 * A cold tier's reads, registered by an object-store plugin (at most one). The engine opens a cold partition
 * through it; without one registered, queries touching a cold partition fail with a clear 503.
 */
export const ColdPartitionStore = Symbol.for('svc.ColdPartitionStore');

export interface ColdPartitionStore {
  /** The store's name for messages (`s3://bucket/prefix`). */
  readonly name: string;
  /** A source over the partition's object (`location.remote`); reads fail with SvcError 503 when unreachable. */
  open(location: ParquetPartitionLocation): ByteSource;
  /**
   * The engine no longer references the object (partition dropped, rewritten locally by an out-of-order write,
   * table truncated or dropped): the store may delete it. Called after the `_txn` swap; failures are logged only.
   */
  release?(location: ParquetPartitionLocation): Promise<void>;
}
