/**
 * A cold partition's bytes: the object `_txn` recorded, read through the block cache. The first read in
 * the process checks the object is still the one uploaded (HEAD: its size and ETag), so a replaced or
 * truncated object fails clearly (502) instead of decoding as garbage.
 */
import { SvcError } from '../../core/errors';
import { ObjectStore } from '../../core/extension/object-store';
import { ByteSource, ColdReference } from '../../core/extension/partition-bytes';
import { BlockCache } from './block-cache';
import { corruptObject } from './store-errors';
import { sharedBuffer } from '../../core/data/shared-buffers';

/** The ETag recorded in a ColdReference's checksum (`etag:<value>`), if any. */
export function recordedEtag(remote: ColdReference): string | undefined {
  const m = /^etag:(.+)$/.exec(remote.checksum ?? '');
  return m === null ? undefined : m[1];
}

/** Keys already checked in this process (one HEAD per object, not per query). */
export class VerifiedObjects {
  private readonly checked = new Map<string, Promise<void>>();

  check(store: ObjectStore, remote: ColdReference, signal?: AbortSignal): Promise<void> {
    let p = this.checked.get(remote.key);
    if (p === undefined) {
      p = verifyObject(store, remote, signal);
      this.checked.set(remote.key, p);
      p.catch(() => this.checked.delete(remote.key));
    }
    return p;
  }

  forget(key: string): void {
    this.checked.delete(key);
  }
}

async function verifyObject(store: ObjectStore, remote: ColdReference, signal?: AbortSignal): Promise<void> {
  const info = await store.head(remote.key, signal);
  if (info === undefined) throw new SvcError(`cold storage object is missing: ${store.location}/${remote.key}`, 502);
  if (info.size !== remote.size) throw corruptObject(store.location, remote.key, `${info.size} bytes, _txn recorded ${remote.size}`);
  const etag = recordedEtag(remote);
  if (etag !== undefined && info.etag !== etag) throw corruptObject(store.location, remote.key, `ETag ${info.etag}, uploaded as ${etag}`);
}

export class ColdObjectSource implements ByteSource {
  private readonly objectId: string;

  constructor(
    private readonly store: ObjectStore,
    private readonly cache: BlockCache,
    private readonly verified: VerifiedObjects,
    private readonly remote: ColdReference,
  ) {
    this.objectId = `${store.location}/${remote.key}#${remote.checksum ?? remote.size}`;
  }

  size(): Promise<number> {
    return Promise.resolve(this.remote.size);
  }

  async read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array> {
    if (offset < 0 || length < 0 || offset + length > this.remote.size) {
      throw new SvcError(`read past the end of ${this.store.location}/${this.remote.key} [offset=${offset}, length=${length}, size=${this.remote.size}]`, 500);
    }
    await this.verified.check(this.store, this.remote, signal);
    const bytes = await this.cache.read(this.objectId, this.remote.size, offset, length,
      (o, l, s) => this.store.read(this.remote.key, o, l, s), signal);
    // SharedArrayBuffer-backed, like the engine's local Parquet reads, so decoded vectors can go to query workers.
    const out = new Uint8Array(sharedBuffer(length));
    out.set(bytes);
    return out;
  }
}
