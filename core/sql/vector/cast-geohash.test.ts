import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geohashType } from '../../data/column-type';
import { fromExactLongs } from '../../data/exact-longs';
import { castVector } from './cast-vector';
import { readValue } from './sql-value';
import { geohashText, parseGeohashExact } from './text-to-binary-values';

const hash = (text: string, bits: number): number | bigint => parseGeohashExact(text, bits) as number | bigint;

function cast(values: readonly (number | bigint)[], from: number, to: number): (number | bigint | null)[] {
  const type = geohashType(from, false);
  const v = from > 53 ? fromExactLongs(type, BigInt64Array.from(values.map((x) => BigInt(x)))) : { type, data: Float64Array.from(values.map(Number)) };
  const out = castVector(v, geohashType(to, false), values.length);
  return values.map((_x, i) => readValue(out, i) as number | bigint | null);
}

test('narrowing keeps the leading bits: #u33d8b12 is u, u33d and 1101000', () => {
  const u33d8b12 = hash('u33d8b12', 40);
  const [c1, c4, b7] = [cast([u33d8b12], 40, 5)[0], cast([u33d8b12], 40, 20)[0], cast([u33d8b12], 40, 7)[0]];
  assert.equal(geohashText(5, true, c1 as number), 'u');
  assert.equal(geohashText(20, true, c4 as number), 'u33d');
  assert.equal(geohashText(7, false, b7 as number), '1101000');
});

test('hashes above 53 bits narrow exactly, to precisions on either side of 53', () => {
  const long = hash('u33d8b12zzzz', 60);
  assert.equal(cast([long], 60, 57)[0], hash('u33d8b12zzzz', 57));
  assert.equal(cast([long], 60, 40)[0], hash('u33d8b12', 40));
});

test('null stays null, and a widening cast has no bits to add', () => {
  assert.deepEqual(cast([-1, hash('u3', 10)], 10, 5), [null, hash('u', 5)]);
  assert.deepEqual(cast([hash('u3', 10)], 10, 20), [null]);
});
