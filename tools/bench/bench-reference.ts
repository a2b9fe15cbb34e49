/**
 * QuestDB 9.4.4 and embedded DuckDB 1.5.6 (2 threads) measured in one sitting on a 2-core machine at 10M
 * rows (load average < 0.5, every result identical). Absolute times move 25–50% between sittings and
 * machines, so svc is compared with QuestDB through DuckDB: svc/QuestDB ≈ (svc/DuckDB now) ×
 * (DuckDB/QuestDB then). The goal: a geometric mean ≤ 0.8, every query faster than DuckDB, imports at
 * ≥ 1.6× QuestDB's rate.
 */
export const REFERENCE_10M: Readonly<Record<string, { readonly questdb: number; readonly duckdb: number }>> = {
  count: { questdb: 1.75, duckdb: 4.52 },
  sum_avg: { questdb: 13.4, duckdb: 27.5 },
  filter_count: { questdb: 15.2, duckdb: 53.7 },
  symbol_avg: { questdb: 21.1, duckdb: 81.8 },
  time_range: { questdb: 7.37, duckdb: 13.7 },
  sample_by_1h: { questdb: 59.0, duckdb: 234 },
  sample_by_host: { questdb: 13.6, duckdb: 79.7 },
  latest_on: { questdb: 13.1, duckdb: 208 },
  groupby_symbol: { questdb: 173, duckdb: 147 },
  last10: { questdb: 1.31, duckdb: 8.42 },
  max_per_host: { questdb: 42.4, duckdb: 88.1 },
  highcard_groupby: { questdb: 793, duckdb: 167 },
  asof_join: { questdb: 546, duckdb: 490 },
};

/** Import rates (M rows/s) in that sitting: QuestDB's /imp and DuckDB's read_csv. */
export const REFERENCE_IMPORT_10M: Readonly<Record<string, { readonly questdb: number; readonly duckdb: number }>> = {
  cpu: { questdb: 0.65, duckdb: 1.43 },
  trades: { questdb: 1.39, duckdb: 2.08 },
};
