import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from './column-type';
import { dedupKeyError } from './dedup-keys';

const COLUMNS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'Sym', type: Types.SYMBOL }, { name: 'v', type: Types.DOUBLE }];

test('UPSERT KEYS with the designated timestamp and existing columns are fine, in any case', () => {
  assert.equal(dedupKeyError(COLUMNS, 'ts', ['sym', 'TS']), undefined);
});

test('each bad UPSERT KEYS list names the offending key', () => {
  assert.deepEqual(dedupKeyError(COLUMNS, 'ts', ['ts', 'nope']), { key: 1, message: 'deduplicate key column not found [column=nope]' });
  assert.deepEqual(dedupKeyError(COLUMNS, 'ts', ['ts', 'sym', 'SYM']), { key: 2, message: 'duplicate dedup column [column=SYM]' });
  assert.deepEqual(dedupKeyError(COLUMNS, 'ts', ['sym']), { key: 0, message: 'deduplicate key list must include dedicated timestamp column' });
  assert.deepEqual(dedupKeyError(COLUMNS, undefined, ['ts']), { key: 0, message: 'deduplicate key list must include dedicated timestamp column' });
});
