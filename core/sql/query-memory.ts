/**
 * The memory one query's hash tables may hold (GROUP BY and DISTINCT keys, join build sides, set
 * operations, count_distinct, LATEST ON keys): `cairo.sql.hash.max.memory`. A table asks before it grows,
 * so a query over more keys than fit fails with a clear 400 naming the limit, not with a JS size limit,
 * an allocation failure (500) or the host's OOM killer. The count only rises: a table released early
 * stays counted until the query ends, which errs on the safe side.
 */
import { SvcError } from '../errors';

export const HASH_MEMORY_KEY = 'cairo.sql.hash.max.memory';

export class QueryMemory {
  private used = 0;

  constructor(readonly limit: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** Accounts `bytes` more for `what` (e.g. `GROUP BY keys`); throws SvcError 400 past the limit. */
  grow(bytes: number, what: string): void {
    if (this.used + bytes > this.limit) {
      throw new SvcError(`query memory limit exceeded [what=${what}, limit=${this.limit} bytes (${HASH_MEMORY_KEY})]`, 400, 0);
    }
    this.used += bytes;
  }
}

/** A budget that never refuses: bind-time evaluation and structures used outside a query. */
export const UNLIMITED_MEMORY = new QueryMemory(Infinity);

/**
 * Allocates a typed array for a growing table, turning the engine's own refusal (an array longer than
 * V8 allows, or no memory left) into the same 400 instead of a RangeError that would answer 500.
 */
export function allocateTable<T>(make: () => T, what: string): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof RangeError) throw new SvcError(`query memory limit exceeded [what=${what}, reason=${e.message}]`, 400, 0);
    throw e;
  }
}
