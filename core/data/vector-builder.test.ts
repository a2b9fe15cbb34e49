import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from './column-type';
import { INT_NULL, LONG_NULL } from './null-values';
import { decodeUtf8 } from './utf8';
import { VectorBuilder } from './vector-builder';

test('fixed values grow past the initial capacity', () => {
  const b = new VectorBuilder(Types.DOUBLE, 2);
  for (let i = 0; i < 100; i++) b.appendNumber(i);
  const v = b.build();
  assert.equal(v.data.length, 100);
  assert.equal(v.data[99], 99);
});

test('nulls use the type sentinels', () => {
  const i = new VectorBuilder(Types.INT); i.appendNull();
  const l = new VectorBuilder(Types.TIMESTAMP); l.appendNull();
  const d = new VectorBuilder(Types.DOUBLE); d.appendNull();
  assert.equal(i.build().data[0], INT_NULL);
  assert.equal(l.build().data[0], LONG_NULL);
  assert.ok(Number.isNaN(d.build().data[0]));
});

test('strings are UTF-8 with offsets and a null map', () => {
  const b = new VectorBuilder(Types.VARCHAR, 1);
  b.appendString('héllo'); b.appendNull(); b.appendString('ДЖЕК');
  const v = b.build();
  assert.deepEqual([...(v.offsets ?? [])], [0, 6, 6, 14]);
  assert.deepEqual([...(v.nulls ?? [])], [0, 1, 0]);
  assert.equal(decodeUtf8(v.data as Uint8Array, 6, 14), 'ДЖЕК');
});

test('LONG values beyond 2^53 keep their exact digits', () => {
  const b = new VectorBuilder(Types.LONG);
  b.appendNumber(1); b.appendBigInt(9223372036854775807n); b.appendNull();
  const v = b.build();
  assert.deepEqual([...(v.exact ?? [])], [1n, 9223372036854775807n, -9223372036854775808n]);
});

test('symbols are interned into the builder dictionary', () => {
  const b = new VectorBuilder(Types.SYMBOL);
  b.appendString('a'); b.appendString('b'); b.appendString('a'); b.appendNull();
  const v = b.build();
  assert.deepEqual([...v.data], [0, 1, 0, -1]);
  assert.equal(v.symbols?.value(1), 'b');
});
