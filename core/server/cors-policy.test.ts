import assert from 'node:assert/strict';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { test } from 'node:test';
import { CorsPolicy } from './cors-policy';

function request(method: string, headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.headers = headers;
  return req;
}

const policy = (origins: string[], allowCredentials = false): CorsPolicy => new CorsPolicy({ allowedOrigins: origins, allowCredentials, maxAgeSeconds: 600 });

test('no allowed origin (the default) sends no CORS header at all', () => {
  assert.deepEqual(policy([]).responseHeaders(request('GET', { origin: 'http://a.example' })), []);
  assert.equal(policy([]).preflight(request('OPTIONS', { origin: 'http://a.example', 'access-control-request-method': 'GET' }), ['GET']).kind, 'none');
});

test('an allowed origin is echoed with Vary and the exposed headers; others get nothing', () => {
  const p = policy(['http://a.example/']);
  const h = p.responseHeaders(request('GET', { origin: 'http://A.example' }));
  assert.deepEqual(h.slice(0, 2), [['Access-Control-Allow-Origin', 'http://A.example'], ['Vary', 'Origin']]);
  assert.match(h[2][1], /X-Svc-Query-Id/);
  assert.deepEqual(p.responseHeaders(request('GET', { origin: 'http://b.example' })), []);
});

test('* answers any origin, and the caller\'s own origin when credentials are allowed', () => {
  assert.deepEqual(policy(['*']).responseHeaders(request('GET', { origin: 'http://x' }))[0], ['Access-Control-Allow-Origin', '*']);
  const withCredentials = policy(['*'], true).responseHeaders(request('GET', { origin: 'http://x' }));
  assert.deepEqual(withCredentials.slice(0, 3), [['Access-Control-Allow-Origin', 'http://x'], ['Vary', 'Origin'], ['Access-Control-Allow-Credentials', 'true']]);
});

test('a preflight names the methods, echoes the asked headers and is refused for other origins and methods', () => {
  const p = policy(['http://a.example']);
  const ok = p.preflight(request('OPTIONS', { origin: 'http://a.example', 'access-control-request-method': 'post', 'access-control-request-headers': 'content-type' }), ['GET', 'POST']);
  assert.deepEqual(ok, { kind: 'allowed', headers: [['Access-Control-Allow-Methods', 'GET, POST'], ['Access-Control-Allow-Headers', 'content-type'], ['Access-Control-Max-Age', '600']] });
  assert.equal(p.preflight(request('OPTIONS', { origin: 'http://b.example', 'access-control-request-method': 'GET' }), ['GET']).kind, 'refused');
  assert.equal(p.preflight(request('OPTIONS', { origin: 'http://a.example', 'access-control-request-method': 'PUT' }), ['GET']).kind, 'refused');
  assert.equal(p.preflight(request('OPTIONS', { origin: 'http://a.example' }), ['GET']).kind, 'none');
});
