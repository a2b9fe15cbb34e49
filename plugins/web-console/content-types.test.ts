import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContentTypes, DEFAULT_CONTENT_TYPE, parseMimeTypes } from './content-types';

test('the built-in table knows what a web console ships', () => {
  const types = new ContentTypes();
  assert.equal(types.of('index.html'), 'text/html; charset=utf-8');
  assert.equal(types.of('assets/app-ABCDEFGH.js'), 'text/javascript; charset=utf-8');
  assert.equal(types.of('a.CSS'), 'text/css; charset=utf-8');
  assert.equal(types.of('font.woff2'), 'font/woff2');
  assert.equal(types.of('README'), DEFAULT_CONTENT_TYPE);
});

test('mime.types lines add and override types; comments and odd lines are skipped', () => {
  const overrides = parseMimeTypes('# comment\ntext/x-sql sql\n\napplication/javascript js mjs;\nnot-a-type foo\n');
  const types = new ContentTypes(overrides);
  assert.equal(types.of('q.sql'), 'text/x-sql; charset=utf-8');
  assert.equal(types.of('a.js'), 'application/javascript; charset=utf-8');
  assert.equal(types.of('x.foo'), DEFAULT_CONTENT_TYPE);
});
