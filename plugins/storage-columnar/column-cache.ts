/**
 * Hot column files as decoded vectors, LRU by bytes (`cairo.column.cache.size`). Keys name the partition
 * folder (which changes on every out-of-order rewrite), the column file and the committed row count, so a
 * reader never gets bytes from another snapshot. Evicted vectors stay valid for readers that hold them.
 */
import { Vector } from '../../core/data/vector';

interface Entry { readonly vector: Vector; readonly bytes: number }

export class ColumnCache {
  private readonly entries = new Map<string, Entry>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly capacityBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  get(key: string, load: () => Vector): Vector {
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting moves the entry to the most recently used end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return hit.vector;
    }
    this.misses++;
    const vector = load();
    const bytes = vectorBytes(vector);
    if (bytes <= this.capacityBytes) {
      this.entries.set(key, { vector, bytes });
      this.used += bytes;
      this.evict();
    }
    return vector;
  }

  /** Drops every entry whose key starts with `prefix` (a dropped table or partition folder). */
  invalidate(prefix: string): void {
    for (const [k, e] of this.entries) {
      if (k.startsWith(prefix)) {
        this.entries.delete(k);
        this.used -= e.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  private evict(): void {
    for (const [k, e] of this.entries) {
      if (this.used <= this.capacityBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
  }
}

function vectorBytes(v: Vector): number {
  return v.data.byteLength + (v.offsets?.byteLength ?? 0) + (v.nulls?.byteLength ?? 0) + (v.exact?.byteLength ?? 0);
}
