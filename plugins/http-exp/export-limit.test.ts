import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseExportLimit } from './export-limit';

test('limit=n is the first n rows', () => assert.deepEqual(parseExportLimit('20'), { lo: 0, hi: 20 }));
test('limit=m,n is rows m to n inclusive counted from 1', () => assert.deepEqual(parseExportLimit('10,20'), { lo: 9, hi: 20 }));
test('limit=0,n is the same as limit=n', () => assert.deepEqual(parseExportLimit('0,20'), { lo: 0, hi: 20 }));
test('limit=-n is the last n rows', () => assert.deepEqual(parseExportLimit('-20'), { lo: -20 }));
test('limit=m, runs to the end', () => assert.deepEqual(parseExportLimit('5,'), { lo: 4 }));
test('a limit that is not a number is ignored', () => assert.equal(parseExportLimit('abc'), undefined));
test('limit=n,m with n after m is empty', () => assert.deepEqual(parseExportLimit('10,5'), { lo: 9, hi: 9 }));
