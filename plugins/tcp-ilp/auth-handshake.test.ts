import assert from 'node:assert/strict';
import { generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { test } from 'node:test';
import { AuthHandshake, CHALLENGE_LENGTH } from './auth-handshake';

function keyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

function handshake(keys: Map<string, KeyObject>): { auth: AuthHandshake; sent: Buffer[] } {
  const sent: Buffer[] = [];
  return { auth: new AuthHandshake(keys, (b) => sent.push(b)), sent };
}

test('a key id, the challenge, the right signature, then the lines', () => {
  const writer = keyPair();
  const { auth, sent } = handshake(new Map([['writer', writer.publicKey]]));
  assert.equal(auth.feed(Buffer.from('wri')).kind, 'more');
  assert.equal(auth.feed(Buffer.from('ter\n')).kind, 'more');
  assert.equal(sent.length, 1);
  const challenge = sent[0].subarray(0, CHALLENGE_LENGTH);
  assert.equal(sent[0].length, CHALLENGE_LENGTH + 1);
  assert.ok(challenge.every((c) => c >= 0x20 && c <= 0x7e));
  const signature = sign('sha256', challenge, writer.privateKey).toString('base64');
  const step = auth.feed(Buffer.from(`${signature}\nt v=1i\n`));
  assert.equal(step.kind, 'done');
  if (step.kind === 'done') assert.equal(step.rest.toString(), 't v=1i\n');
});

test('a P1363 signature is accepted too', () => {
  const writer = keyPair();
  const { auth, sent } = handshake(new Map([['w', writer.publicKey]]));
  auth.feed(Buffer.from('w\n'));
  const signature = sign('sha256', sent[0].subarray(0, CHALLENGE_LENGTH), { key: writer.privateKey, dsaEncoding: 'ieee-p1363' });
  assert.equal(auth.feed(Buffer.from(`${signature.toString('base64')}\n`)).kind, 'done');
});

test('a wrong key, an unknown id, zeros and garbage fail', () => {
  const writer = keyPair();
  const other = keyPair();
  const cases: [string, (challenge: Buffer) => string][] = [
    ['writer', (c) => sign('sha256', c, other.privateKey).toString('base64')],
    ['nobody', (c) => sign('sha256', c, writer.privateKey).toString('base64')],
    ['writer', () => Buffer.alloc(64).toString('base64')],
    ['writer', () => 'not base64 at all!'],
  ];
  for (const [id, signature] of cases) {
    const { auth, sent } = handshake(new Map([['writer', writer.publicKey]]));
    auth.feed(Buffer.from(`${id}\n`));
    const step = auth.feed(Buffer.from(`${signature(sent[0].subarray(0, CHALLENGE_LENGTH))}\n`));
    assert.equal(step.kind, 'failed', id);
  }
});

test('an endless key id or signature fails without waiting for a line end', () => {
  const { auth } = handshake(new Map());
  assert.equal(auth.feed(Buffer.alloc(2000, 0x61)).kind, 'failed');
  const second = handshake(new Map());
  second.auth.feed(Buffer.from('x\n'));
  assert.equal(second.auth.feed(Buffer.alloc(200, 0x41)).kind, 'failed');
});
