import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { startServer } from '../../core/bootstrap';
import { Types } from '../../core/data/column-type';
import { StorageEngine } from '../../core/extension/storage-engine';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { defaultBundle } from '../default-bundle';
import { makeBatch, readRows, removeDir, tempDir } from './test-support';

const quiet = (): Writable => new Writable({ write: (_c, _e, done): void => done() });

async function boot(root: string, commitMode: string): ReturnType<typeof startServer> {
  return startServer({
    rootDir: root, bundle: defaultBundle, console: quiet(),
    env: { SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0', SVC_CAIRO_COMMIT_MODE: commitMode },
  });
}

for (const mode of ['nosync', 'async', 'sync']) {
  test(`the server's storage keeps committed rows across restarts in commit mode ${mode}`, async () => {
    const root = tempDir();
    try {
      let server = await boot(root, mode);
      let engine = server.container.resolve<StorageEngine>(StorageEngine);
      assert.ok(existsSync(join(root, 'db')));
      await engine.createTable({ name: 'x', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.DOUBLE }], timestamp: 'ts', partitionBy: 'DAY' });
      const w = await engine.openWriter('x');
      await w.append(makeBatch([Types.TIMESTAMP, Types.DOUBLE], [[1, 0.5], [2, 1.5]]));
      await w.commit();
      await w.close();
      assert.equal(server.container.resolve(ServerMetrics).committedRows, 2);
      await server.stop();
      server = await boot(root, mode);
      engine = server.container.resolve<StorageEngine>(StorageEngine);
      assert.deepEqual(await readRows(engine.openReader('x')), [[1, 0.5], [2, 1.5]]);
      await server.stop();
    } finally {
      removeDir(root);
    }
  });
}
