import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { container } from 'tsyringe';
import { LogService } from './log/log-service';
import { loadPlugins, Plugin } from './plugin';

const log = new LogService().create('test');
const plugin = (name: string, dependsOn: string[] = [], calls: string[] = []): Plugin =>
  ({ name, dependsOn, register: () => { calls.push(name); } });

test('plugins register in bundle order and the loaded list is returned', () => {
  const calls: string[] = [];
  const names = loadPlugins(container.createChildContainer(), [plugin('a', [], calls), plugin('b', ['a'], calls)], log);
  assert.deepEqual(names, ['a', 'b']);
  assert.deepEqual(calls, ['a', 'b']);
});

test('a dependency that is not loaded before the plugin stops loading', () => {
  assert.throws(() => loadPlugins(container.createChildContainer(), [plugin('b', ['a']), plugin('a')], log),
    /plugin dependency missing \[plugin=b, dependsOn=a\]/);
});

test('a duplicate plugin name stops loading', () => {
  assert.throws(() => loadPlugins(container.createChildContainer(), [plugin('a'), plugin('a')], log), /duplicate plugin name \[name=a\]/);
});

test('a plugin whose register throws stops loading with its name', () => {
  const bad: Plugin = { name: 'bad', dependsOn: [], register: () => { throw new Error('boom'); } };
  assert.throws(() => loadPlugins(container.createChildContainer(), [bad], log), /plugin failed to register \[plugin=bad\]: boom/);
});
