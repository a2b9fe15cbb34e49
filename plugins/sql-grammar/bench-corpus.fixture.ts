/**
 * The fixed benchmark workload (the benchmark suite's query list), with the dataset start
 * 2024-01-01T00:00:00Z substituted, for the parser corpus test.
 */
import type { CorpusEntry } from './dialect-corpus.fixture';

export const BENCH_CORPUS: readonly CorpusEntry[] = [
  { section: 'bench count', sql: `SELECT count(*) FROM cpu` },
  { section: 'bench sum_avg', sql: `SELECT sum(usage_user), avg(usage_system), avg(usage_idle) FROM cpu` },
  { section: 'bench filter_count', sql: `SELECT count(*) FROM cpu WHERE usage_user > 90 AND usage_system < 10` },
  { section: 'bench symbol_avg', sql: `SELECT avg(price), sum(amount), count(*) FROM trades WHERE symbol = 'SYM07'` },
  { section: 'bench time_range', sql: `SELECT count(*), avg(usage_user), max(usage_idle) FROM cpu WHERE ts >= '2024-01-01T06:00:00.000000Z' AND ts < '2024-01-01T12:00:00.000000Z'` },
  { section: 'bench sample_by_1h', sql: `SELECT ts, avg(usage_user), max(usage_system) FROM cpu SAMPLE BY 1h` },
  { section: 'bench sample_by_host', sql: `SELECT ts, hostname, avg(usage_user) FROM cpu WHERE hostname IN ('host_1', 'host_7', 'host_42') SAMPLE BY 1h ORDER BY ts, hostname` },
  { section: 'bench latest_on', sql: `SELECT * FROM cpu LATEST ON ts PARTITION BY hostname` },
  { section: 'bench groupby_symbol', sql: `SELECT symbol, count(*), sum(amount), avg(price), min(price), max(price) FROM trades GROUP BY symbol ORDER BY symbol` },
  { section: 'bench last10', sql: `SELECT * FROM trades ORDER BY ts DESC LIMIT 10` },
  { section: 'bench max_per_host', sql: `SELECT hostname, max(usage_user), max(usage_system) FROM cpu WHERE ts >= '2024-01-01T00:00:00.000000Z' AND ts < '2024-01-01T12:00:00.000000Z' GROUP BY hostname ORDER BY hostname` },
  { section: 'bench highcard_groupby', sql: `SELECT amount, count(*) c FROM trades GROUP BY amount ORDER BY c DESC, amount LIMIT 10` },
  { section: 'bench asof_join', sql: `SELECT count(*), avg(a.price / b.price) FROM (SELECT * FROM trades WHERE symbol = 'SYM00') a ASOF JOIN (SELECT * FROM trades WHERE symbol = 'SYM01') b` },
];
