/** How queries use the worker pool; read once from server.conf (sql-engine plugin). */
export interface ParallelSettings {
  /** Worker threads (`shared.worker.count`; 0 in the file means one per core). */
  readonly workers: number;
  /** Scans touching fewer rows stay on the main thread (`cairo.sql.parallel.min.rows`). */
  readonly minRows: number;
  /** WHERE over a table scan runs in the workers (`cairo.sql.parallel.filter.enabled`). */
  readonly filter: boolean;
  /** GROUP BY and aggregates over a table scan run in the workers (`cairo.sql.parallel.groupby.enabled`). */
  readonly groupBy: boolean;
  /** Ungrouped aggregates and SAMPLE BY fold block summaries (`cairo.sql.block.summaries.enabled`); absent means yes. */
  readonly summaries?: boolean;
  /**
   * A parallel GROUP BY or SAMPLE BY holds the columns it reads of every partition at once: past this many
   * bytes (`cairo.column.cache.size`) it runs on the main thread, streaming; absent means no bound.
   */
  readonly maxFrameBytes?: number;
}

export const DEFAULT_MIN_ROWS = 100_000;
