/**
 * Parse speed of the SQL grammar: lex + parse of every corpus query, repeated.
 * `node dist/tools/parse-bench.js [rounds]` prints CPU µs per query: the whole corpus, three short
 * queries and the benchmark workload.
 */
import { performance } from 'node:perf_hooks';
import { BENCH_CORPUS } from '../plugins/sql-grammar/bench-corpus.fixture';
import { DIALECT_CORPUS } from '../plugins/sql-grammar/dialect-corpus.fixture';
import { QuestDbSqlGrammar } from '../plugins/sql-grammar/questdb-sql-grammar';

/** CPU µs per query (user + system), which a busy shared machine distorts less than wall time. */
function timePerQuery(grammar: QuestDbSqlGrammar, queries: readonly string[], rounds: number): number {
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const q of queries) grammar.parse(q);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (rounds * queries.length);
}

function main(): void {
  const rounds = Number(process.argv[2] ?? 2000);
  const built = performance.now();
  const grammar = new QuestDbSqlGrammar();
  grammar.parse('SELECT 1');
  process.stdout.write(`parser construction (self-analysis): ${(performance.now() - built).toFixed(1)} ms\n`);
  const all = [...DIALECT_CORPUS, ...BENCH_CORPUS].map(e => e.sql);
  const short = ['SELECT count(*) FROM cpu', 'trades;', "SELECT * FROM t WHERE id = 's1'"];
  timePerQuery(grammar, all, Math.max(1, rounds / 10)); // warm-up (JIT)
  process.stdout.write(`corpus (${all.length} queries, mean ${Math.round(all.reduce((n, q) => n + q.length, 0) / all.length)} chars): ` +
    `${timePerQuery(grammar, all, rounds).toFixed(2)} µs/query\n`);
  process.stdout.write(`short queries (${short.join(' | ')}): ${timePerQuery(grammar, short, rounds * 20).toFixed(2)} µs/query\n`);
  const bench = BENCH_CORPUS.map(e => e.sql);
  process.stdout.write(`bench workload (${bench.length} queries): ${timePerQuery(grammar, bench, rounds * 5).toFixed(2)} µs/query\n`);
}

main();
