import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpRoute } from '../extension/http-route';
import { RouteTable } from './route-table';

const route = (path: string, methods: HttpRoute['methods']): HttpRoute => ({ listener: 'api', path, methods, handle: async () => undefined });

test('exact paths match their methods, others are 405 with Allow and the routes of the path (their error shape)', () => {
  const exec = route('/exec', ['GET']);
  const t = new RouteTable([exec]);
  assert.equal(t.match('GET', '/exec').kind, 'route');
  assert.deepEqual(t.match('POST', '/exec'), { kind: 'methodNotAllowed', allow: ['GET'], routes: [exec] });
  assert.equal(t.match('GET', '/nope').kind, 'notFound');
});

test('a * route takes every path no other route claims', () => {
  const t = new RouteTable([route('*', ['GET']), route('/metrics', ['GET'])]);
  const m = t.match('GET', '/anything/at/all');
  assert.equal(m.kind === 'route' && m.route.path, '*');
  const metrics = t.match('GET', '/metrics');
  assert.equal(metrics.kind === 'route' && metrics.route.path, '/metrics');
});

test('two routes claiming the same method and path are refused', () => {
  assert.throws(() => new RouteTable([route('/a', ['GET']), route('/a', ['GET', 'POST'])]), /two routes claim GET \/a/);
});
