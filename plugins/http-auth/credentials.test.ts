import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesAnyDigest, matchesDigest, parseAuthorization, secretDigest } from './credentials';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

test('Basic credentials split at the first colon, so the password may contain colons', () => {
  assert.deepEqual(parseAuthorization(`Basic ${b64('admin:a:b:c')}`), { scheme: 'basic', user: 'admin', password: 'a:b:c' });
});

test('the scheme name is case-insensitive', () => {
  assert.deepEqual(parseAuthorization(`bAsIc ${b64('u:p')}`), { scheme: 'basic', user: 'u', password: 'p' });
  assert.deepEqual(parseAuthorization('BEARER abc'), { scheme: 'bearer', token: 'abc' });
});

test('Token <t> (InfluxDB v2 clients, Telegraf) carries a bearer token', () => {
  assert.deepEqual(parseAuthorization('Token abc'), { scheme: 'bearer', token: 'abc' });
  assert.deepEqual(parseAuthorization('token  abc '), { scheme: 'bearer', token: 'abc' });
  assert.equal(parseAuthorization('Token '), undefined);
});

test('Basic credentials without a colon are refused', () => {
  assert.equal(parseAuthorization(`Basic ${b64('admin')}`), undefined);
});

test('text that is not base64 is refused', () => {
  assert.equal(parseAuthorization('Basic not*base64'), undefined);
});

test('an unknown scheme, a bare scheme and an empty token are refused', () => {
  assert.equal(parseAuthorization('Digest x'), undefined);
  assert.equal(parseAuthorization('Basic'), undefined);
  assert.equal(parseAuthorization('Bearer  '), undefined);
  assert.equal(parseAuthorization(undefined), undefined);
});

test('UTF-8 user names and passwords survive decoding', () => {
  assert.deepEqual(parseAuthorization(`Basic ${b64('jörg:pässwörd')}`), { scheme: 'basic', user: 'jörg', password: 'pässwörd' });
});

test('a secret matches its digest and nothing else, whatever the length', () => {
  const d = secretDigest('s3cret');
  assert.equal(matchesDigest('s3cret', d), true);
  assert.equal(matchesDigest('s3cre', d), false);
  assert.equal(matchesDigest('s3cret-and-more', d), false);
});

test('a token matches when it is any one of the stored tokens', () => {
  const digests = ['a', 'b', 'c'].map(secretDigest);
  assert.equal(matchesAnyDigest('b', digests), true);
  assert.equal(matchesAnyDigest('d', digests), false);
  assert.equal(matchesAnyDigest('a', []), false);
});
