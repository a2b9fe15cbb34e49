import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerConfig } from '../../core/config/server-config';
import { authEnabled, readAuthSettings } from './auth-settings';

function settings(confText: string, env: Record<string, string> = {}, files: Record<string, string> = {}): ReturnType<typeof readAuthSettings> {
  const config = ServerConfig.load({ confText, env, readFile: (p) => { if (!(p in files)) throw new Error('ENOENT'); return files[p]; } });
  return readAuthSettings(config, env, (p) => `/root/${p}`);
}

test('nothing configured means authentication is off', () => {
  assert.equal(authEnabled(settings('')), false);
});

test('a user and a password turn Basic on', () => {
  const s = settings('http.user=admin\nhttp.password=quest');
  assert.equal(s.user, 'admin');
  assert.equal(s.password, 'quest');
  assert.equal(authEnabled(s), true);
});

test('a user without a password is refused with QuestDB message', () => {
  assert.throws(() => settings('http.user=x'), {
    message: "HTTP username is set but password is missing. Use the 'http.password' configuration property to set a password. [user=x]",
  });
});

test('a password without a user is refused', () => {
  assert.throws(() => settings('http.password=p'), /HTTP password is set but username is missing/);
});

test('inline tokens come from http.auth.tokens', () => {
  const s = settings('http.auth.tokens=a, b');
  assert.deepEqual(s.tokens, ['a', 'b']);
  assert.equal(s.tokenFile, undefined);
});

test('a token file named in server.conf is resolved against the root and watched instead', () => {
  const s = settings('http.auth.tokens.file=conf/tokens', {}, { 'conf/tokens': 'a' });
  assert.equal(s.tokenFile, '/root/conf/tokens');
  assert.deepEqual(s.tokens, []);
  assert.equal(authEnabled(s), true);
});

test('SVC_HTTP_AUTH_TOKENS_FILE wins over the file named in server.conf', () => {
  const s = settings('http.auth.tokens.file=conf/a', { SVC_HTTP_AUTH_TOKENS_FILE: 'conf/b' }, { 'conf/a': 'x', 'conf/b': 'y' });
  assert.equal(s.tokenFile, '/root/conf/b');
});

test('SVC_HTTP_AUTH_TOKENS wins over a token file in server.conf', () => {
  const s = settings('http.auth.tokens.file=conf/a', { SVC_HTTP_AUTH_TOKENS: 'z' }, { 'conf/a': 'x' });
  assert.equal(s.tokenFile, undefined);
  assert.deepEqual(s.tokens, ['z']);
});
