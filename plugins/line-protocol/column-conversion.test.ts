import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, ColumnType, geohashType, TypeTag, Types } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { castAllowed, convertColumn } from './column-conversion';
import { IlpType } from './ilp-type';
import { LineError } from './line-error';
import { parse } from './test-support';

/** The first block's column `name` converted to `to`. */
function convert(lines: string, name: string, to: ColumnType): Vector | LineError {
  const block = parse(lines).blocks.blocks[0];
  block.finish();
  const c = block.columns.find((x) => x.name === name);
  assert.ok(c);
  return convertColumn(c, to, { table: block.table, rows: block.rows, lines: block.lines });
}

test('the casts QuestDB allows, and no others', () => {
  assert.equal(castAllowed(IlpType.INTEGER, 0, Types.INT), true);
  assert.equal(castAllowed(IlpType.INTEGER, 0, Types.DOUBLE), true);
  assert.equal(castAllowed(IlpType.FLOAT, 0, Types.LONG), false);
  assert.equal(castAllowed(IlpType.STRING, 0, Types.UUID), true);
  assert.equal(castAllowed(IlpType.STRING, 0, Types.TIMESTAMP), false);
  assert.equal(castAllowed(IlpType.TAG, 0, Types.VARCHAR), true);
  assert.equal(castAllowed(IlpType.BOOLEAN, 0, Types.VARCHAR), false);
  assert.equal(castAllowed(IlpType.ARRAY, 2, arrayType(TypeTag.DOUBLE, 2)), true);
  assert.equal(castAllowed(IlpType.ARRAY, 1, arrayType(TypeTag.DOUBLE, 2)), false);
  assert.equal(castAllowed(IlpType.DECIMAL, 0, Types.DOUBLE), false);
});

test('an integer narrower column checks the range and names the line', () => {
  const v = convert('t n=1i\nt x=1i\nt n=70000i\n', 'n', Types.SHORT);
  assert.ok(v instanceof LineError);
  assert.equal(v.line, 3);
  assert.equal(v.message, 't, column: n; line protocol value: 70000 is out bounds of column type: SHORT'.replace(/^/, 'table: '));
  const ok = convert('t n=1i\nt x=1i\n', 'n', Types.INT);
  assert.ok(!(ok instanceof LineError));
  assert.deepEqual(Array.from(ok.data), [1, INT_NULL]);
});

test('strings convert to UUID, IPv4 and GEOHASH; a bad UUID is a value error', () => {
  const uuid = convert('t u="11111111-2222-3333-4444-555555555555"\n', 'u', Types.UUID);
  assert.ok(!(uuid instanceof LineError));
  assert.equal(convert('t u="not a uuid"\n', 'u', Types.UUID) instanceof LineError, true);
  const ip = convert('t a="10.0.0.1"\n', 'a', Types.IPV4);
  assert.ok(!(ip instanceof LineError));
  assert.equal(ip.data[0], 167772161);
  const geo = convert('t g="u33d"\nt g="??"\n', 'g', geohashType(20, true));
  assert.ok(!(geo instanceof LineError));
  assert.deepEqual(Array.from(geo.data), [26 * 32768 + 3 * 1024 + 3 * 32 + 12, -1]);
});

test('a CHAR column takes one character only', () => {
  assert.ok(!(convert('t c="x"\n', 'c', Types.CHAR) instanceof LineError));
  assert.match((convert('t c="xy"\n', 'c', Types.CHAR) as LineError).message, /cast error from protocol type: STRING to column type: CHAR/);
});

test('numbers and booleans can go to a SYMBOL column as text', () => {
  const v = convert('t s=1.5\nt s=2.0\n', 's', Types.SYMBOL);
  assert.ok(!(v instanceof LineError));
  assert.deepEqual([v.symbols?.value(v.data[0]), v.symbols?.value(v.data[1])], ['1.5', '2']);
});

test('an n timestamp past 2^53 µs (after 2255) keeps every nanosecond in a TIMESTAMP_NS column', () => {
  const p = parse('t tn=9107000000421631760n\nt tn=1700000000123456789n\nt v=1i\n');
  const block = p.blocks.blocks[0];
  block.finish();
  const c = block.columns.find((x) => x.name === 'tn');
  assert.ok(c);
  const v = convertColumn(c, Types.TIMESTAMP_NS, { table: 't', rows: block.rows, lines: block.lines });
  assert.ok(!(v instanceof LineError));
  assert.deepEqual(Array.from(v.exact ?? []), [9107000000421631760n, 1700000000123456789n, LONG_NULL_BIG]);
});
