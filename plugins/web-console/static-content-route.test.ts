import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { belowContext } from './static-content-route';
import { normaliseContext } from './web-console-setup';

test('paths below the root context are served as they are', () => {
  assert.equal(belowContext('/', '/'), '/');
  assert.equal(belowContext('/', '/assets/a.js'), '/assets/a.js');
});

test('a context elsewhere serves below it, redirects its bare name and leaves other paths alone', () => {
  assert.equal(belowContext('/console', '/console/'), '/');
  assert.equal(belowContext('/console', '/console/assets/a.js'), '/assets/a.js');
  assert.equal(belowContext('/console', '/console'), null);
  assert.equal(belowContext('/console', '/consoles'), undefined);
  assert.equal(belowContext('/console', '/'), undefined);
});

test('the context setting is normalised', () => {
  assert.equal(normaliseContext(undefined), '/');
  assert.equal(normaliseContext('/'), '/');
  assert.equal(normaliseContext('console/'), '/console');
  assert.equal(normaliseContext(' /console// '), '/console');
});
