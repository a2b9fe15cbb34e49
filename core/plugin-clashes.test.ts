import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { container, DependencyContainer } from 'tsyringe';
import { ExportFormat } from './extension/export-format';
import { ImportFormat } from './extension/import-format';
import { LogWriterFactory } from './extension/log-writer';
import { LogRecord } from './log/log-record';
import { LogService } from './log/log-service';
import { loadPlugins, Plugin } from './plugin';

function capture(): { logs: LogService; lines: string[] } {
  const logs = new LogService();
  const lines: string[] = [];
  logs.configure([{ name: 'test', levels: 0xff, scope: undefined,
    writer: { write: (r: LogRecord) => { lines.push(r.message); }, flush: async () => undefined, close: async () => undefined } }]);
  return { logs, lines };
}

const exporting = (name: string, fmt: string, replaces?: string): Plugin => ({
  name, dependsOn: [], replaces,
  register: (c: DependencyContainer) => { c.register(ExportFormat, { useValue: { fmt, owner: name } }); },
});

test('two plugins registering one export format stop start-up, naming both', () => {
  const { logs } = capture();
  assert.throws(() => loadPlugins(container.createChildContainer(), [exporting('export-csv', 'csv')], logs.create('t'), [exporting('mine', 'csv')]),
    /export format clash \[fmt=csv, plugins=export-csv, mine\]: to replace the built-in one, declare replaces: 'csv' in plugin mine/);
});

test('two user plugins registering one export format stop start-up even with replaces', () => {
  const { logs } = capture();
  assert.throws(() => loadPlugins(container.createChildContainer(), [], logs.create('t'), [exporting('a', 'tsv'), exporting('b', 'tsv', 'tsv')]),
    /export format clash \[fmt=tsv, plugins=a, b\]: rename one of them/);
});

test('a plugin declaring replaces takes over the built-in format, is logged and is resolved last', () => {
  const { logs, lines } = capture();
  const c = container.createChildContainer();
  loadPlugins(c, [exporting('export-csv', 'csv')], logs.create('t'), [exporting('mine', 'csv', 'csv')]);
  assert.deepEqual(c.resolveAll<{ owner: string }>(ExportFormat).map((f) => f.owner), ['export-csv', 'mine']);
  assert.ok(lines.includes('plugin replaces a built-in export format [plugin=mine, fmt=csv, replaced=export-csv]'), lines.join('\n'));
});

test('import formats and log writer classes clash the same way', () => {
  const { logs } = capture();
  const imp = (name: string): Plugin => ({ name, dependsOn: [], register: (c) => { c.register(ImportFormat, { useValue: { name: 'delimited' } }); } });
  assert.throws(() => loadPlugins(container.createChildContainer(), [imp('import-delimited')], logs.create('t'), [imp('mine')]),
    /import format clash \[name=delimited, plugins=import-delimited, mine\]/);
  const writer = (name: string): Plugin => ({ name, dependsOn: [], register: (c) => { c.register(LogWriterFactory, { useValue: { className: 'io.svc.log.LogFileWriter' } }); } });
  assert.throws(() => loadPlugins(container.createChildContainer(), [writer('log-file')], logs.create('t'), [writer('mine')]),
    /log writer class clash \[className=io.svc.log.LogFileWriter, plugins=log-file, mine\]/);
});

test('a replaces naming nothing that exists is logged and start-up goes on', () => {
  const { logs, lines } = capture();
  loadPlugins(container.createChildContainer(), [exporting('export-csv', 'csv')], logs.create('t'), [exporting('mine', 'tsv', 'tsv')]);
  assert.ok(lines.includes('plugin declares replaces=tsv but replaces nothing of that name [plugin=mine]'), lines.join('\n'));
});

test('a replaces that is neither a name nor a list of names stops start-up', () => {
  const { logs } = capture();
  const bad = { name: 'bad', dependsOn: [], replaces: 3, register: () => undefined } as unknown as Plugin;
  assert.throws(() => loadPlugins(container.createChildContainer(), [], logs.create('t'), [bad]), /invalid replaces \[plugin=bad\]/);
});
