/**
 * Counters the subsystems bump as things happen; the metrics plugin exposes them as QuestDB's
 * metric families under `svc_` names when `metrics.enabled=true`. Plain numbers so the
 * hot paths pay one increment; registered in the container as a singleton.
 */
export class ServerMetrics {
  /** svc_json_queries_total: /exec queries started. */
  jsonQueriesStarted = 0;
  /** svc_json_queries_completed_total: /exec queries answered without error. */
  jsonQueriesCompleted = 0;
  /** svc_json_queries_cache_hits_total / misses. */
  jsonQueryCacheHits = 0;
  jsonQueryCacheMisses = 0;
  /** svc_json_queries_cached: statements held in the /exec query cache. */
  jsonQueriesCached = 0;
  /** svc_import_rows_total (svc-specific): rows imported through /imp. */
  importedRows = 0;
  /** svc_ilp_rows_total (svc-specific): rows written through line protocol. */
  ilpRows = 0;
  /** svc_commits_total, svc_o3_commits_total, svc_committed_rows_total, svc_physically_written_rows_total. */
  commits = 0;
  o3Commits = 0;
  committedRows = 0;
  physicallyWrittenRows = 0;
  /** svc_rollbacks_total. */
  rollbacks = 0;
  /** svc_http_connections gauge: open connections on the API listener. */
  httpConnections = 0;
  /** svc_json_queries_connections gauge: /exec requests being answered now. */
  jsonQueryConnections = 0;
  /** svc_query_error_counter_total: /exec and /exp queries that ended with an error. */
  queryErrors = 0;
  /** svc_http_listener_state_change_count_total: times the API listener started or stopped taking new clients. */
  httpListenerStateChanges = 0;
  /**
   * The API listener's state for the health listener's worker thread, in shared memory: [0] 1 while it
   * accepts new connections (listening, not every slot busy with a request), [1] open connections, [2] the
   * limit (core/server/connection-guard.ts).
   */
  readonly apiListener = new Int32Array(new SharedArrayBuffer(12));

  /** Called by a writer after a successful commit. */
  recordCommit(rows: number, physicallyWritten: number, outOfOrder: boolean): void {
    this.commits++;
    if (outOfOrder) this.o3Commits++;
    this.committedRows += rows;
    this.physicallyWrittenRows += physicallyWritten;
  }
}
