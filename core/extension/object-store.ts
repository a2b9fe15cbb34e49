/**
 * An object store (S3 and S3-compatible stores): where cold partitions and the open table layout live.
 * At most one registration; absent when no store is configured. Keys are relative to the configured
 * prefix. Every failure is a SvcError: 503 when the store cannot be reached or answers 5xx, 502 when it
 * answers something unexpected (a corrupt or missing object), 403 when it refuses the credentials.
 */
export const ObjectStore = Symbol.for('svc.ObjectStore');

/** What the store says about one object. */
export interface ObjectInfo {
  readonly key: string;
  readonly size: number;
  /** The store's entity tag, quotes removed. */
  readonly etag: string;
}

export interface ObjectStore {
  /** `s3://bucket/prefix` (no credentials): for messages and logs. */
  readonly location: string;
  /** The object's size and tag, or undefined when there is no such key. */
  head(key: string, signal?: AbortSignal): Promise<ObjectInfo | undefined>;
  /**
   * Bytes `[offset, offset + length)` of an object with one ranged GET. Throws SvcError 502 when the object
   * is missing or shorter than asked (a corrupt object).
   */
  read(key: string, offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
  /**
   * Uploads a local file and checks the store kept it: its size (HEAD) and its MD5 (the ETag of a single PUT,
   * or the multipart ETag of its parts). Throws SvcError 502 when the check fails; the object is removed then.
   */
  uploadFile(key: string, path: string, signal?: AbortSignal): Promise<ObjectInfo>;
  /** Uploads bytes with the same check (metadata files, small objects). */
  putBytes(key: string, bytes: Uint8Array, signal?: AbortSignal): Promise<ObjectInfo>;
  /** Removes an object; removing a missing key is no error. */
  delete(key: string, signal?: AbortSignal): Promise<void>;
  /** Every key under a key prefix, in the store's order (ListObjectsV2 pages). */
  list(prefix: string, signal?: AbortSignal): Promise<readonly ObjectInfo[]>;
  /** Releases connections; called once at shutdown. */
  close(): void;
}
