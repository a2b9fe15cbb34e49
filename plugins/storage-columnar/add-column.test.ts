import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

test('a writer adds a column while rows are pending; they read NULL in it', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.INT }], timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch([Types.TIMESTAMP, Types.INT], [[1, 10]]));
    await w.commit();
    await w.append(makeBatch([Types.TIMESTAMP, Types.INT], [[2, 20]]));
    await w.addColumn({ name: 's', type: Types.SYMBOL });
    assert.deepEqual(w.schema.columns.map((c) => c.name), ['ts', 'v', 's']);
    await w.append(makeBatch([Types.TIMESTAMP, Types.INT, Types.SYMBOL], [[3, 30, 'x']]));
    await assert.rejects(w.addColumn({ name: 'S', type: Types.LONG }), /duplicate column name/);
    await w.commit();
    await w.close();
    const reader = engine.openReader('t');
    assert.deepEqual(await readRows(reader), [[1, 10, null], [2, 20, null], [3, 30, 'x']]);
    reader.close();
    // Rolled-back rows go; the column stays (ADD COLUMN is not part of the rows' transaction).
    const again = await engine.openWriter('t');
    await again.addColumn({ name: 'later', type: Types.DOUBLE });
    await again.rollback();
    await again.close();
    assert.deepEqual(engine.getTable('t')?.columns.map((c) => c.name), ['ts', 'v', 's', 'later']);
  } finally {
    removeDir(dir);
  }
});
