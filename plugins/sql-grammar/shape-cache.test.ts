import assert from 'node:assert/strict';
import test from 'node:test';
import { BENCH_CORPUS } from './bench-corpus.fixture';
import { DIALECT_CORPUS } from './dialect-corpus.fixture';
import { lex } from './lexer';
import { QuestDbSqlGrammar } from './questdb-sql-grammar';
import { NumberLiteral, StringLiteral } from './tokens';

/** A deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** `sql` with every string and number literal replaced by another of its kind (CHAR/STRING, INT/LONG/DOUBLE), lengths changed. */
function variant(sql: string, rnd: () => number): string {
  const { tokens } = lex(sql);
  let out = '', at = 0;
  for (const t of tokens) {
    let image = t.image;
    if (t.tokenType === StringLiteral) {
      const inner = t.image.slice(1, -1).replace(/''/g, "'");
      const text = inner.length === 1 ? 'q' : `v${Math.floor(rnd() * 1e6)}${rnd() < 0.3 ? "''x" : ''}${'z'.repeat(Math.floor(rnd() * 4))}`;
      image = `'${text}'`;
    } else if (t.tokenType === NumberLiteral) {
      const big = /^\d+$/.test(t.image) && BigInt(t.image) > 2147483647n;
      image = /^\d+$/.test(t.image) ? (big ? `${3000000000 + Math.floor(rnd() * 1e6)}` : `${Math.floor(rnd() * 100000)}`) : `${Math.floor(rnd() * 1000)}.${Math.floor(rnd() * 1000)}5`;
    }
    out += sql.slice(at, t.startOffset) + image;
    at = t.startOffset + t.image.length;
  }
  return out + sql.slice(at);
}

const outcome = (grammar: QuestDbSqlGrammar, sql: string): unknown => {
  try {
    return grammar.parse(sql);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
};

test('a statement of a known shape is the statement a fresh parse gives: every corpus query, literals changed', () => {
  const cached = new QuestDbSqlGrammar();
  const rnd = random(9);
  for (const entry of [...DIALECT_CORPUS, ...BENCH_CORPUS]) {
    cached.parse(entry.sql);
    for (let k = 0; k < 3; k++) {
      const sql = variant(entry.sql, rnd);
      assert.deepEqual(outcome(cached, sql), outcome(new QuestDbSqlGrammar(), sql), sql);
    }
  }
  assert.ok(cached.shapes.hits > 100, `${cached.shapes.hits} shapes reused`);
});

test('TSBS-style texts reuse one shape: hosts, windows and thresholds change, positions follow', () => {
  const grammar = new QuestDbSqlGrammar();
  const text = (host: string, from: string, x: string): string => `SELECT timestamp, max(usage_user) AS m FROM cpu WHERE hostname IN ('${host}') AND timestamp >= '${from}' AND usage_user > ${x} SAMPLE BY 1m`;
  grammar.parse(text('host_1', '2016-01-01T00:00:00Z', '9.5'));
  const sql = text('host_123', '2016-01-02T12:34:56Z', '90.25');
  assert.deepEqual(grammar.parse(sql), new QuestDbSqlGrammar().parse(sql));
  assert.equal(grammar.shapes.hits, 1);
  // A CHAR where a STRING was, an INT where a DOUBLE was: another shape.
  grammar.parse(text('h', '2016-01-02T12:34:56Z', '90'));
  assert.equal(grammar.shapes.hits, 1);
});
