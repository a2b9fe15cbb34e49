import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileDatePattern, replaceDatePlaceholders } from './date-placeholder';

const at = (iso: string, micros = 0): number => Date.parse(iso) * 1000 + micros;

test('QuestDB pattern letters format a UTC time', () => {
  assert.equal(compileDatePattern('yyyy-MM-ddTHH:mm:ss.SSSUUU')(at('2024-03-05T07:08:09.012Z', 345)), '2024-03-05T07:08:09.012345');
  assert.equal(compileDatePattern('yyyyMMdd')(at('2026-11-22T23:59:59Z')), '20261122');
  assert.equal(compileDatePattern('yy/M/d h a')(at('2024-03-05T15:00:00Z')), '24/3/5 3 PM');
  assert.equal(compileDatePattern('EEE d MMM yyyy')(at('2024-03-05T00:00:00Z')), 'Tue 5 Mar 2024');
});

test('quoted text and unknown letters are literal', () => {
  assert.equal(compileDatePattern("'day' dd '' T")(at('2024-03-05T00:00:00Z')), "day 05 ' T");
});

test('${date:...} placeholders are replaced, leading spaces in the format ignored', () => {
  assert.equal(replaceDatePlaceholders('a-${date:yyyyMMdd}.log.${date: HH}', at('2020-04-15T11:59:59Z')), 'a-20200415.log.11');
});

test('the alert template format keeps its literal T', () => {
  assert.equal(compileDatePattern('yyyy/MM/ddTHH:mm:ss.SSS')(at('2023-02-24T14:59:45.076Z')), '2023/02/24T14:59:45.076');
});

test('times before 1970 format as well', () => {
  assert.equal(compileDatePattern('yyyy-MM-dd HH:mm:ss')(at('1969-12-31T23:59:58Z')), '1969-12-31 23:59:58');
});
