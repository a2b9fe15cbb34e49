import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.STRING }, { name: 'k', type: Types.SYMBOL }];
const TYPES = [Types.TIMESTAMP, Types.STRING, Types.SYMBOL];

test('start-up truncates bytes past the committed state and removes uncommitted folders', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[1, 'abc', 'x'], [2, null, 'y']]));
    await w.commit();
    await w.close();
    const tableDir = join(dir, engine.getTable('t')?.directoryName ?? '');
    const part = readdirSync(tableDir).find((n) => n.startsWith('1970-01-01')) ?? '';
    const sizes = Object.fromEntries(['ts.d', 's.d', 's.i'].map((f) => [f, statSync(join(tableDir, part, f)).size]));
    const symSize = statSync(join(tableDir, 'k.sym')).size;
    // What a writer killed mid-commit leaves behind.
    for (const f of ['ts.d', 's.d', 's.i']) appendFileSync(join(tableDir, part, f), Buffer.alloc(24, 0xab));
    appendFileSync(join(tableDir, 'k.sym'), Buffer.from([3, 0, 0, 0, 122, 122, 122]));
    mkdirSync(join(tableDir, '1970-01-02.9'));
    writeFileSync(join(tableDir, '1970-01-02.9', 'ts.d'), Buffer.alloc(8));
    mkdirSync(join(tableDir, `${part.split('.')[0]}.9`));
    writeFileSync(join(tableDir, '_txn.tmp'), '{');

    const again = await openEngine(dir);
    for (const f of ['ts.d', 's.d', 's.i']) assert.equal(statSync(join(tableDir, part, f)).size, sizes[f], f);
    assert.equal(statSync(join(tableDir, 'k.sym')).size, symSize);
    assert.deepEqual(readdirSync(tableDir).sort(), [part, '_meta', '_txn', 'k.sym'].sort());
    const reader = again.openReader('t');
    assert.deepEqual(await readRows(reader), [[1, 'abc', 'x'], [2, null, 'y']]);
    assert.equal(reader.symbols(2).size, 2);
  } finally {
    removeDir(dir);
  }
});

test('an interrupted create leaves no table', async () => {
  const dir = tempDir();
  try {
    mkdirSync(join(dir, 'half~1.tmp'));
    writeFileSync(join(dir, 'half~1.tmp', '_txn'), '{}');
    const engine = await openEngine(dir);
    assert.deepEqual(engine.listTables(), []);
    assert.equal(existsSync(join(dir, 'half~1.tmp')), false);
  } finally {
    removeDir(dir);
  }
});

test('a folder the engine did not create is left alone at start-up', async () => {
  const dir = tempDir();
  try {
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'readme.txt'), 'keep me');
    const engine = await openEngine(dir);
    assert.deepEqual(engine.listTables(), []);
    assert.equal(existsSync(join(dir, 'notes', 'readme.txt')), true);
  } finally {
    removeDir(dir);
  }
});
