/** The JSON Lines format of docs/plugins.md, loaded from docs/examples as a user would, serializes a result. */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { container } from 'tsyringe';
import { Types } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { ExportFormat } from '../../core/extension/export-format';
import { isPlugin } from '../../core/plugin';
import { pluginApi, PluginApiToken } from '../../core/plugin-api';
import { PROJECT_DIR } from '../../core/project';
import { MemoryResultSet } from '../export-csv/memory-result-set';

test('the JSON Lines example plugin writes one JSON object per row', async () => {
  const child = container.createChildContainer();
  child.register(PluginApiToken, { useValue: pluginApi });
  const mod: unknown = await import(join(PROJECT_DIR, 'docs', 'examples', 'ndjson-export-plugin.js'));
  const plugin = (mod as { plugin?: unknown }).plugin;
  assert.ok(isPlugin(plugin));
  plugin.register(child);
  const format = child.resolve<ExportFormat>(ExportFormat);
  assert.equal(format.fmt, 'jsonl-example');
  const ts = new VectorBuilder(Types.TIMESTAMP); ts.appendNumber(0); ts.appendNull();
  const sym = new VectorBuilder(Types.SYMBOL); sym.appendString('a"b'); sym.appendNull();
  const x = new VectorBuilder(Types.DOUBLE); x.appendNumber(1.5); x.appendNull();
  const result = new MemoryResultSet(
    [{ name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.SYMBOL }, { name: 'x', type: Types.DOUBLE }],
    [{ rowCount: 2, vectors: [ts.build(), sym.build(), x.build()] }]);
  let text = '';
  for await (const c of format.serialize(result, format.parseOptions(new URLSearchParams()), new AbortController().signal)) text += String(c);
  assert.equal(text, '{"ts":"1970-01-01T00:00:00.000000Z","s":"a\\"b","x":1.5}\n{"ts":null,"s":null,"x":null}\n');
  assert.throws(() => format.parseOptions(new URLSearchParams('pretty=maybe')), /invalid pretty:maybe/);
});
