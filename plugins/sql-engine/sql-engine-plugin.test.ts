/** The default bundle resolves a working QueryEngine (grammar + storage + functions wired by DI). */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { startServer } from '../../core/bootstrap';
import { QueryEngine } from '../../core/sql/query-engine';
import { defaultBundle } from '../default-bundle';

test('the server container answers SQL through the QueryEngine token', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-engine-'));
  const server = await startServer({
    rootDir: root, bundle: defaultBundle, console: new PassThrough(),
    env: { SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0', SVC_CAIRO_SQL_JIT_MODE: 'off' },
  });
  try {
    const engine = server.container.resolve<QueryEngine>(QueryEngine);
    const signal = new AbortController().signal;
    assert.deepEqual(await engine.compile('CREATE TABLE t (ts TIMESTAMP, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY').execute({ signal }), { kind: 'ddl' });
    assert.deepEqual(await engine.compile("INSERT INTO t VALUES ('2025-01-01', 1.5), ('2025-01-02', 2.5)").execute({ signal }), { kind: 'insert', inserted: 2 });
    const q = engine.compile('SELECT sum(v) FROM t WHERE v > 1');
    assert.equal(q.jitCompiled, false);
    const out = await q.execute({ signal });
    assert.equal(out.kind, 'rows');
    if (out.kind !== 'rows') return;
    const sums: number[] = [];
    for await (const b of out.result.batches()) sums.push(b.vectors[0].data[0]);
    assert.deepEqual(sums, [4]);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
