import assert from 'node:assert/strict';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { test } from 'node:test';
import { CredentialAuthenticator, TOKEN_PRINCIPAL } from './credential-authenticator';

function request(authorization?: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (authorization !== undefined) req.headers.authorization = authorization;
  return req;
}

const basic = (u: string, p: string): string => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

test('nothing configured means the authenticator is disabled', () => {
  assert.equal(new CredentialAuthenticator({ tokens: [] }).enabled, false);
});

test('the right Basic credentials give the user name as principal', () => {
  const auth = new CredentialAuthenticator({ user: 'admin', password: 'quest', tokens: [] });
  assert.equal(auth.authenticate(request(basic('admin', 'quest'))), 'admin');
  assert.equal(auth.authenticate(request(basic('admin', 'Quest'))), undefined);
  assert.equal(auth.authenticate(request()), undefined);
});

test('a bearer token is refused when only Basic is configured, and Basic when only tokens are', () => {
  assert.equal(new CredentialAuthenticator({ user: 'u', password: 'p', tokens: [] }).authenticate(request('Bearer p')), undefined);
  assert.equal(new CredentialAuthenticator({ tokens: ['p'] }).authenticate(request(basic('u', 'p'))), undefined);
});

test('a listed bearer token is accepted with the token principal', () => {
  const auth = new CredentialAuthenticator({ tokens: ['t1', 't2'] });
  assert.equal(auth.enabled, true);
  assert.equal(auth.authenticate(request('Bearer t2')), TOKEN_PRINCIPAL);
  assert.equal(auth.authenticate(request('Bearer t3')), undefined);
});

test('the worker module gets the settings it was built from', () => {
  const auth = new CredentialAuthenticator({ tokens: ['t1'] });
  assert.match(auth.worker.module, /auth-worker\.js$/);
  assert.deepEqual(auth.worker.options, { tokens: ['t1'] });
});
