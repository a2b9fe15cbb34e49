/**
 * Hot column files as decoded vectors, LRU by bytes (`cairo.column.cache.size`). An entry is a column file
 * path (its partition folder changes on every out-of-order rewrite) plus the committed version it was read
 * at (row count and column top), so a reader never gets bytes from another snapshot; a newer version
 * replaces the older one. Evicted or replaced vectors stay valid for readers that hold them. A SYMBOL
 * column's posting lists (symbol-postings.ts) are entries of the same budget, under the column's key with
 * a `#postings` suffix, so they are dropped with it; so are a column's symbol clusters (symbol-clusters.ts,
 * a `#<symbol file>=<key>` suffix). A loaded vector's data is settled (core/data/settled-arrays.ts):
 * nothing writes into it after the load.
 */
import { settle } from '../../core/data/settled-arrays';
import { Vector, vectorBytes } from '../../core/data/vector';
import { postingsBytes, SymbolPostings } from './symbol-postings';

interface Entry { readonly vector?: Vector; readonly postings?: SymbolPostings; readonly value?: object; readonly bytes: number; readonly version: string }

const POSTINGS = '#postings';
/** Facts kept at most (a few dozen bytes each), the oldest dropped first. */
const MAX_FACTS = 1 << 17;

export class ColumnCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Numbers about column files (a SYMBOL column's NULL rows), kept apart from the byte budget so that they
   * outlive the vectors they were read from: a walk over many partitions then reads none of those again.
   */
  private readonly facts = new Map<string, { readonly version: string; readonly value: number }>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly capacityBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** `load` gets the entry of another version of the same file, if cached, to extend it instead of rereading. */
  get(key: string, version: string, load: (previous?: { vector: Vector; version: string }) => Vector): Vector {
    const { fresh, stale } = this.lookup(key, version);
    if (fresh?.vector) return fresh.vector;
    const vector = load(stale?.vector ? { vector: stale.vector, version: stale.version } : undefined);
    settle(vector.data);
    this.keep(key, { vector, bytes: vectorBytes(vector), version });
    return vector;
  }

  /** The vector of `key` at `version` when cached (loads that are async look first, then `put`). */
  peek(key: string, version: string): Vector | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version || !hit.vector) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.hits++;
    return hit.vector;
  }

  /** Caches a vector loaded outside `get` (a decoded Parquet chunk); replaces another version of the key. */
  put(key: string, version: string, vector: Vector): void {
    const old = this.entries.get(key);
    if (old) { this.entries.delete(key); this.used -= old.bytes; }
    this.misses++;
    settle(vector.data);
    this.keep(key, { vector, bytes: vectorBytes(vector), version });
  }

  /** Another kind of cached value (a Parquet partition's parsed footer), charged `bytes` against the budget. */
  object<T extends object>(key: string, version: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version || !hit.value) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value as T;
  }

  putObject(key: string, version: string, value: object, bytes: number): void {
    const old = this.entries.get(key);
    if (old) { this.entries.delete(key); this.used -= old.bytes; }
    this.keep(key, { value, bytes, version });
  }

  /**
   * The posting lists of the SYMBOL column file `key` at `version`, built by `build` when not cached; `build`
   * gets the lists of another cached version of the same file, to extend them with appended rows.
   */
  postings(key: string, version: string, build: (previous?: { postings: SymbolPostings; version: string }) => SymbolPostings): SymbolPostings {
    const k = key + POSTINGS;
    const { fresh, stale } = this.lookup(k, version);
    if (fresh?.postings) return fresh.postings;
    const postings = build(stale?.postings ? { postings: stale.postings, version: stale.version } : undefined);
    this.keep(k, { postings, bytes: postingsBytes(postings), version });
    return postings;
  }

  /**
   * The entry of `key` at `version` (a hit, moved to the most recently used end); an entry of another
   * version is removed and returned as `stale` (a load may extend it).
   */
  private lookup(key: string, version: string): { fresh?: Entry; stale?: Entry } {
    const hit = this.entries.get(key);
    if (hit) this.entries.delete(key);
    if (hit && hit.version === version) {
      // Map keeps insertion order: re-inserting moves the entry to the most recently used end.
      this.entries.set(key, hit);
      this.hits++;
      return { fresh: hit };
    }
    if (hit) this.used -= hit.bytes;
    this.misses++;
    return { stale: hit };
  }

  private keep(key: string, entry: Entry): void {
    if (entry.bytes > this.capacityBytes) return;
    this.entries.set(key, entry);
    this.used += entry.bytes;
    this.evict();
  }

  /** A fact noted about `key` at `version` (putFact), if any. */
  fact(key: string, version: string): number | undefined {
    const f = this.facts.get(key);
    return f && f.version === version ? f.value : undefined;
  }

  putFact(key: string, version: string, value: number): void {
    const f = this.facts.get(key);
    if (f && f.version === version && f.value === value) return;
    this.facts.delete(key);
    this.facts.set(key, { version, value });
    if (this.facts.size > MAX_FACTS) this.facts.delete(this.facts.keys().next().value as string);
  }

  /** Drops every entry (and fact) whose key starts with `prefix` (a dropped table or partition folder). */
  invalidate(prefix: string): void {
    for (const k of this.facts.keys()) if (k.startsWith(prefix)) this.facts.delete(k);
    for (const [k, e] of this.entries) {
      if (k.startsWith(prefix)) {
        this.entries.delete(k);
        this.used -= e.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.facts.clear();
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
