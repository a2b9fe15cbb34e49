import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnType, decimalType, Types } from '../../core/data/column-type';
import { decimalAt, decimalText } from '../../core/data/decimal';
import { Vector } from '../../core/data/vector';
import { castAllowed, convertColumn } from './column-conversion';
import { IlpType } from './ilp-type';
import { LineError } from './line-error';
import { parse } from './test-support';

/** The first block's column `name` converted to `to`. */
function convert(input: string | Uint8Array, name: string, to: ColumnType): Vector | LineError {
  const parsed = parse(input);
  assert.equal(parsed.error, undefined);
  const block = parsed.blocks.blocks[0];
  block.finish();
  const c = block.columns.find((x) => x.name === name);
  assert.ok(c);
  return convertColumn(c, to, { table: block.table, rows: block.rows, lines: block.lines });
}

/** The vector's values as text at the type's scale, null for NULL. */
function texts(v: Vector | LineError): (string | null)[] {
  assert.ok(!(v instanceof LineError), v instanceof LineError ? v.message : '');
  const out: (string | null)[] = [];
  for (let i = 0; i < v.data.length / 32; i++) {
    const x = decimalAt(v.data as Uint8Array, i);
    out.push(x === null ? null : decimalText(x, v.type.scale ?? 0));
  }
  return out;
}

function error(v: Vector | LineError): [string, number | undefined] {
  assert.ok(v instanceof LineError);
  return [v.message, v.line];
}

const D10_2 = decimalType(10, 2);

test('DECIMAL columns take decimals, integers, floats and strings; decimals go nowhere else', () => {
  for (const type of [IlpType.DECIMAL, IlpType.INTEGER, IlpType.FLOAT, IlpType.STRING]) assert.equal(castAllowed(type, 0, D10_2), true);
  for (const type of [IlpType.TAG, IlpType.BOOLEAN, IlpType.TIMESTAMP, IlpType.LONG256]) assert.equal(castAllowed(type, 0, D10_2), false);
  for (const to of [Types.DOUBLE, Types.LONG, Types.VARCHAR, Types.SYMBOL]) assert.equal(castAllowed(IlpType.DECIMAL, 0, to), false);
});

test('text decimals are brought to the column scale; absent and NaN are NULL', () => {
  const v = convert('t d=1.5d\nt x=1i\nt d=-0.25d\nt d=NaNd\nt d=1.500d\nt d=12345678.9d\nt d=-3e2d\n', 'd', D10_2);
  assert.deepEqual(texts(v), ['1.50', null, '-0.25', null, '1.50', '12345678.90', '-300.00']);
});

test('a decimal that loses a digit, or has too many, names its line', () => {
  assert.deepEqual(error(convert('t d=1d\nt d=1.005d\n', 'd', D10_2)),
    ['table: t, column: d; value error: converting 1.005 to DECIMAL(10,2) will result in loss of precision', 2]);
  assert.deepEqual(error(convert('t d=123456789.5d\n', 'd', D10_2)),
    ['table: t, column: d; line protocol value: 123456789.5 is out bounds of column type: DECIMAL(10,2)', 1]);
});

test('binary decimals: NULL, negative, wide values', () => {
  const big = 123456789012345678901234567890n;
  const bytes = Buffer.from(big.toString(16).padStart(26, '0'), 'hex');
  const body = Buffer.concat([
    Buffer.from('t d=='), Buffer.from([23, 2, 2, 0xff, 0x85]), Buffer.from('\n'),
    Buffer.from('t d=='), Buffer.from([23, 0, 0]), Buffer.from('\n'),
    Buffer.from('t d=='), Buffer.from([23, 4, bytes.length]), bytes, Buffer.from('\n'),
  ]);
  assert.deepEqual(texts(convert(body, 'd', decimalType(40, 4))), ['-1.2300', null, '12345678901234567890123456.7890']);
});

test('integers, floats and strings into DECIMAL', () => {
  assert.deepEqual(texts(convert('t v=12i\nt v=-7i\nt x=1i\n', 'v', D10_2)), ['12.00', '-7.00', null]);
  assert.deepEqual(error(convert('t v=123456789i\n', 'v', D10_2)),
    ['table: t, column: v; line protocol value: 123456789 is out bounds of column type: DECIMAL(10,2)', 1]);
  assert.deepEqual(texts(convert('t v=1.25\nt v=NaN\nt v=1e3\n', 'v', D10_2)), ['1.25', null, '1000.00']);
  assert.deepEqual(error(convert('t v=1.255\n', 'v', D10_2)),
    ['table: t, column: v; value error: converting 1.255 to DECIMAL(10,2) will result in loss of precision', 1]);
  assert.deepEqual(texts(convert('t v="3.5"\nt v="NaN"\n', 'v', D10_2)), ['3.50', null]);
  assert.deepEqual(error(convert('t v="3.5"\nt v="abc"\n', 'v', D10_2)),
    ['table: t, column: v; value error: abc cannot be converted to column type: DECIMAL(10,2)', 2]);
});

test('a string or float with leading zeros fits a DECIMAL whose precision is its scale', () => {
  const d18 = decimalType(18, 18);
  assert.deepEqual(texts(convert('t v="0.000000000000000001"\nt v="-0.5"\nt v="0"\n', 'v', d18)),
    ['0.000000000000000001', '-0.500000000000000000', '0.000000000000000000']);
  assert.deepEqual(texts(convert('t v=0.25\nt v=-1e-18\n', 'v', d18)), ['0.250000000000000000', '-0.000000000000000001']);
  assert.deepEqual(texts(convert('t v="-0.00123"\n', 'v', decimalType(5, 5))), ['-0.00123']);
  assert.deepEqual(error(convert('t v="1.5"\n', 'v', d18)),
    ['table: t, column: v; value error: 1.5 cannot be converted to column type: DECIMAL(18,18)', 1]);
});

test('values beyond 15 digits keep every digit', () => {
  const v = convert('t d=-98765432109876543210.12345d\n', 'd', decimalType(76, 5));
  assert.deepEqual(texts(v), ['-98765432109876543210.12345']);
});
