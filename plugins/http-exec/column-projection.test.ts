import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { projectColumns } from './column-projection';

const columns = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'Price', type: Types.DOUBLE }, { name: 'sym', type: Types.SYMBOL }];

test('cols picks and orders columns case-insensitively and moves the timestamp index', () => {
  const p = projectColumns(columns, 0, ['price', 'ts']);
  assert.ok(p.ok);
  assert.deepEqual(p.indexes, [1, 0]);
  assert.equal(p.timestampIndex, 1);
});

test('cols without the designated timestamp reports -1', () => {
  const p = projectColumns(columns, 0, ['sym']);
  assert.ok(p.ok);
  assert.equal(p.timestampIndex, -1);
});

test('an empty element and an unknown name are errors with QuestDB texts', () => {
  assert.deepEqual(projectColumns(columns, 0, ['ts', '']), { ok: false, message: 'empty column in query parameter' });
  assert.deepEqual(projectColumns(columns, 0, ['xyz']), { ok: false, message: "column not found: 'xyz'" });
});
