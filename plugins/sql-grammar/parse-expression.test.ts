import assert from 'node:assert/strict';
import test from 'node:test';
import { expression, plain } from './test-helpers';

const col = (name: string, position: number): object => ({ kind: 'column', name, quoted: false, position });
const int = (value: number, position: number): object => ({ kind: 'literal', type: 'int', value, raw: String(value), position });

test('multiplication binds tighter than addition, comparison and AND', () => {
  assert.deepEqual(plain(expression('1 + 2 * 3 = 7 AND b')), {
    kind: 'binary', op: 'and', operatorPosition: 21, position: 7,
    left: {
      kind: 'binary', op: '=', operatorPosition: 17, position: 7,
      left: {
        kind: 'binary', op: '+', operatorPosition: 9, position: 7, left: int(1, 7),
        right: { kind: 'binary', op: '*', operatorPosition: 13, position: 11, left: int(2, 11), right: int(3, 15) },
      },
      right: int(7, 19),
    },
    right: col('b', 25),
  });
});

test('AND binds tighter than OR and NOT applies to a whole comparison', () => {
  const e = plain(expression('NOT a = 1 OR b AND c')) as { op: string; left: { kind: string; op: string }; right: { op: string } };
  assert.equal(e.op, 'or');
  assert.equal(e.left.kind, 'unary');
  assert.equal(e.left.op, 'not');
  assert.equal(e.right.op, 'and');
});

test('IN binds tighter than comparison, as QuestDB orders them', () => {
  const e = expression("a IN ('x') = true");
  assert.equal(e.kind, 'binary');
  assert.equal(e.kind === 'binary' && e.left.kind, 'in');
});

test(':: binds tighter than unary minus and arithmetic', () => {
  assert.deepEqual(plain(expression('(3.5 + 2)::int')), {
    kind: 'cast', position: 8, type: { kind: 'type', name: 'int', written: 'int', position: 18 },
    expr: { kind: 'binary', op: '+', operatorPosition: 12, position: 8,
      left: { kind: 'literal', type: 'double', value: 3.5, raw: '3.5', position: 8 }, right: int(2, 14) },
  });
  const neg = expression('-x::long');
  assert.equal(neg.kind, 'unary');
});

test('a minus before a number folds into a negative literal at the minus', () => {
  assert.deepEqual(plain(expression('-7')), { kind: 'literal', type: 'int', value: -7, raw: '-7', position: 7 });
  assert.deepEqual(plain(expression('-9223372036854775808')),
    { kind: 'literal', type: 'long', value: '-9223372036854775808n', raw: '-9223372036854775808', position: 7 });
});

test('integer literals are INT up to 2^31-1, LONG beyond and with the L suffix', () => {
  assert.deepEqual(plain(expression('2147483647')), int(2147483647, 7));
  assert.deepEqual(plain(expression('2147483648')), { kind: 'literal', type: 'long', value: '2147483648n', raw: '2147483648', position: 7 });
  assert.deepEqual(plain(expression('42L')), { kind: 'literal', type: 'long', value: '42n', raw: '42L', position: 7 });
});

test('decimal and exponent literals are DOUBLE', () => {
  for (const [text, value] of [['1.5', 1.5], ['1e3', 1000], ['.5', 0.5], ['2.5E-1', 0.25], ['1e-5', 1e-5], ['3E+2', 300]] as const) {
    assert.deepEqual(plain(expression(text)), { kind: 'literal', type: 'double', value, raw: text, position: 7 });
  }
});

test('a number with an f or F suffix is a FLOAT literal, rounded to 32 bits', () => {
  for (const [text, value] of [['1.5f', 1.5], ['1.5F', 1.5], ['2f', 2], ['.25f', 0.25], ['1e3f', 1000], ['0.1f', Math.fround(0.1)]] as const) {
    assert.deepEqual(plain(expression(text)), { kind: 'literal', type: 'float', value, raw: text, position: 7 });
  }
  assert.deepEqual(plain(expression('-1.5f')), { kind: 'literal', type: 'float', value: -1.5, raw: '-1.5f', position: 7 });
  assert.throws(() => expression('1e39f'), /invalid constant: 1e39f/);
});

test('a one-character quoted literal is a CHAR and a longer one a STRING', () => {
  assert.deepEqual(plain(expression("'x'")), { kind: 'literal', type: 'char', value: 'x', raw: "'x'", position: 7 });
  assert.deepEqual(plain(expression("'abc'")), { kind: 'literal', type: 'string', value: 'abc', raw: "'abc'", position: 7 });
  assert.deepEqual(plain(expression("''")), { kind: 'literal', type: 'string', value: '', raw: "''", position: 7 });
});

test("doubled quotes escape a quote and E'' strings take backslash escapes", () => {
  assert.equal((plain(expression("'it''s'")) as { value: string }).value, "it's");
  assert.equal((plain(expression("''''")) as { type: string }).type, 'char');
  assert.equal((plain(expression("E'a\\nb\\u0041'")) as { value: string }).value, 'a\nbA');
});

test('true, false and null are literals in any case', () => {
  assert.deepEqual(plain(expression('TRUE')), { kind: 'literal', type: 'boolean', value: true, raw: 'TRUE', position: 7 });
  assert.deepEqual(plain(expression('false')), { kind: 'literal', type: 'boolean', value: false, raw: 'false', position: 7 });
  assert.deepEqual(plain(expression('NULL')), { kind: 'literal', type: 'null', raw: 'NULL', position: 7 });
});

test('0x literals are LONG256 with lower-case digits', () => {
  assert.deepEqual(plain(expression('0x7EE6')), { kind: 'literal', type: 'long256', value: '7ee6', raw: '0x7EE6', position: 7 });
});

test('geohash literals carry their precision in bits', () => {
  assert.deepEqual(plain(expression('#u33d8')),
    { kind: 'literal', type: 'geohash', value: 'u33d8', binary: false, bits: 25, raw: '#u33d8', position: 7 });
  assert.deepEqual(plain(expression('#u33d/18')),
    { kind: 'literal', type: 'geohash', value: 'u33d', binary: false, bits: 18, raw: '#u33d/18', position: 7 });
  assert.deepEqual(plain(expression('##0101')),
    { kind: 'literal', type: 'geohash', value: '0101', binary: true, bits: 4, raw: '##0101', position: 7 });
});

test('CAST(x AS type) keeps the type text normalised, and as written for column names', () => {
  assert.deepEqual(plain(expression('cast(a AS GEOHASH(5c))')),
    { kind: 'cast', expr: col('a', 12), type: { kind: 'type', name: 'geohash(5c)', written: 'GEOHASH(5c)', position: 17 }, position: 7 });
  const arr = expression('a::double[][]');
  assert.equal(arr.kind === 'cast' && arr.type.name, 'double[][]');
  const dec = expression('cast(a AS DECIMAL(18, 6))');
  assert.equal(dec.kind === 'cast' && dec.type.name, 'decimal(18,6)');
});

test('CASE with and without an operand', () => {
  const searched = expression("CASE WHEN a > 1 THEN 'x' ELSE 'y' END");
  assert.ok(searched.kind === 'case' && searched.operand === undefined && searched.whens.length === 1 && searched.else !== undefined);
  const simple = plain(expression('CASE a WHEN 1 THEN 2 END')) as { operand: object; whens: { position: number }[] };
  assert.deepEqual(simple.operand, col('a', 12));
  assert.equal(simple.whens[0].position, 14);
});

test('IN lists, NOT IN, a single interval string and IN (SELECT …)', () => {
  assert.deepEqual(plain(expression("a NOT IN ('x', 'yz')")), {
    kind: 'in', expr: col('a', 7), negated: true, position: 7, list: [
      { kind: 'literal', type: 'char', value: 'x', raw: "'x'", position: 17 },
      { kind: 'literal', type: 'string', value: 'yz', raw: "'yz'", position: 22 },
    ],
  });
  const interval = expression("ts IN '2025-03-01;1d'");
  assert.ok(interval.kind === 'in' && interval.list.length === 1 && interval.list[0].kind === 'literal');
  assert.equal(expression('a IN (SELECT b FROM t)').kind, 'inQuery');
});

test('BETWEEN stops at its own AND', () => {
  const e = expression('a NOT BETWEEN 1 AND 2 AND b');
  assert.ok(e.kind === 'binary' && e.op === 'and' && e.left.kind === 'between' && e.left.negated);
});

test('LIKE, ILIKE, regex match and IS [NOT] NULL', () => {
  const like = expression("a NOT ILIKE 'x%'");
  assert.ok(like.kind === 'like' && like.caseInsensitive && like.negated);
  const regex = expression("a !~ '^x'");
  assert.ok(regex.kind === 'binary' && regex.op === '!~');
  assert.deepEqual(plain(expression('a IS NOT NULL')), { kind: 'isNull', expr: col('a', 7), negated: true, position: 7 });
  const ne = expression('a <> 1');
  assert.ok(ne.kind === 'binary' && ne.op === '!=');
});

test('ARRAY literals nest and subscripts mix indexes and slices', () => {
  const arr = expression('ARRAY[[1.0, 2], [3, 4]]');
  assert.ok(arr.kind === 'array' && arr.position === 12 && arr.elements.length === 2 && arr.elements[0].kind === 'array');
  assert.deepEqual(plain(expression('arr[1:, 2]')), {
    kind: 'arrayAccess', array: col('arr', 7), position: 7,
    subscripts: [{ kind: 'slice', lo: int(1, 11), position: 11 }, int(2, 15)],
  });
});

test('count(*), count(DISTINCT x) and extract(field FROM ts)', () => {
  assert.deepEqual(plain(expression('count(*)')), { kind: 'call', name: 'count', written: 'count', args: [], distinct: false, star: true, position: 7 });
  const d = expression('COUNT(DISTINCT x)');
  assert.ok(d.kind === 'call' && d.name === 'count' && d.distinct && d.args.length === 1);
  assert.deepEqual(plain(expression('extract(hour FROM ts)')), {
    kind: 'call', name: 'extract', written: 'extract', distinct: false, star: false, position: 7,
    args: [{ kind: 'literal', type: 'string', value: 'hour', raw: 'hour', position: 15 }, col('ts', 25)],
  });
});

test('qualified and quoted names', () => {
  assert.deepEqual(plain(expression('t.price')), { kind: 'column', name: 'price', qualifier: 't', quoted: false, position: 7 });
  assert.deepEqual(plain(expression('"my col"')), { kind: 'column', name: 'my col', quoted: true, position: 7 });
  assert.deepEqual(plain(expression('"timestamp"')), { kind: 'column', name: 'timestamp', quoted: true, position: 7 });
});

test('left() and right() are functions although LEFT and RIGHT are join keywords', () => {
  const e = expression("left('abc', 2)");
  assert.ok(e.kind === 'call' && e.name === 'left' && e.args.length === 2);
});
