/**
 * /exec's query cache (`http.query.cache.enabled`, capacity `http.query.cache.block.count` ×
 * `http.query.cache.row.count`, QuestDB's keys and defaults): planned statements kept by their exact text, so a
 * dashboard's repeated query skips parsing and planning (`timings` then reports `compiler` 0, as QuestDB does).
 * Only statements the compiler marks reusable are kept (CompiledQuery.reusable: a query without parameters that
 * read only table schemas while planned), and one is used only while those schemas are unchanged. A statement
 * is taken out while it runs and put back when its answer is complete, so two requests never share one; the
 * least recently used goes first when the cache is full.
 */
import { CompiledQuery } from '../../core/sql/query-engine';

export class QueryCache {
  private readonly entries = new Map<string, CompiledQuery>();

  constructor(readonly capacity: number) {}

  /** Statements held now (`json_queries_cached`). */
  get size(): number {
    return this.entries.size;
  }

  /** The statement kept for `sql`, taken out of the cache, when it is still valid; else undefined. */
  take(sql: string): CompiledQuery | undefined {
    const compiled = this.entries.get(sql);
    if (compiled === undefined) return undefined;
    this.entries.delete(sql);
    return compiled.reusable?.() === true ? compiled : undefined;
  }

  /** Keeps a statement that answered completely (one that cannot be reused is ignored). */
  put(compiled: CompiledQuery): void {
    if (this.capacity <= 0 || compiled.reusable === undefined) return;
    this.entries.delete(compiled.sql);
    this.entries.set(compiled.sql, compiled);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}
