import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanColumnName, cleanTableName, columnNames } from './column-names';

test('removed characters upper-case the next kept one', () => {
  assert.equal(cleanColumnName('temp.f'), 'tempF');
  assert.equal(cleanColumnName('Pickup DateTime'), 'PickupDateTime');
  assert.equal(cleanColumnName('a-b*c%d'), 'aBCD');
});

test('underscores are kept and a leading digit gets one', () => {
  assert.equal(cleanColumnName('usage_user'), 'usage_user');
  assert.equal(cleanColumnName('1st'), '_1st');
  assert.equal(cleanColumnName('\uFEFFts'), 'ts');
});

test('table names lose the documented characters but keep underscores', () => {
  assert.equal(cleanTableName('weather.csv'), 'weathercsv');
  assert.equal(cleanTableName('fhv_tripdata_2017-02.csv'), 'fhv_tripdata_201702csv');
  assert.equal(cleanTableName('a b/c\\d'), 'abcd');
});

test('blank and missing header cells become f<i>, duplicates are found', () => {
  assert.deepEqual(columnNames(['a', '', 'f1'], 3), { names: ['a', 'f1_', 'f1'], duplicate: -1 });
  assert.deepEqual(columnNames(undefined, 2), { names: ['f0', 'f1'], duplicate: -1 });
  assert.equal(columnNames(['x', 'X'], 2).duplicate, 1);
});

test('a removed character at the start upper-cases the first kept one', () => {
  assert.equal(cleanColumnName('(x)'), 'X');
  assert.equal(cleanColumnName('-y'), 'Y');
  assert.equal(cleanColumnName(' a b'), 'AB');
});
