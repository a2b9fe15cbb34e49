import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geohashType } from '../../core/data/column-type';
import { readValue } from '../../core/sql/vector/sql-value';
import { parseGeohashExact } from '../../core/sql/vector/text-to-binary-values';
import { GeohashSink } from './geohash-sink';

function imported(bits: number, fields: readonly string[]): (number | bigint | null | false)[] {
  const sink = new GeohashSink(geohashType(bits, bits % 5 === 0), 8);
  const accepted = fields.map((f) => { const b = Buffer.from(f); return sink.append(b, 0, b.length); });
  const v = sink.build();
  let row = 0;
  return accepted.map((ok) => (ok ? readValue(v, row++) as number | bigint | null : false));
}

test('a field keeps the leading bits of the column precision', () => {
  assert.deepEqual(imported(20, ['u33d8b12', 'U33D', 'null']), [parseGeohashExact('u33d', 20), parseGeohashExact('u33d', 20), null]);
  assert.deepEqual(imported(7, ['u33d8b12']), [parseGeohashExact('u3', 7)]);
  assert.deepEqual(imported(57, ['u33d8b12zzzz']), [parseGeohashExact('u33d8b12zzzz', 57)]);
});

test('a field shorter than the precision or outside the alphabet is a conversion error', () => {
  assert.deepEqual(imported(20, ['u33', 'u3a3', 'ü33d']), [false, false, false]);
});
