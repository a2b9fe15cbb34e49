import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { parseAuthDb } from './auth-db';

test('QuestDB\'s own auth db file reads, Java\'s leading zero bytes included', () => {
  const keys = parseAuthDb([
    '# comment',
    'testUser1\tec-p-256-sha256\tAKfkxOBlqBN8uDfTxu2Oo6iNsOPBnXkEH4gt44tBJKCY\tAL7WVjoH-IfeX_CXo5G1xXKp_PqHUrdo3xeRyDuWNbBX',
    '',
  ].join('\n'), 'authDb.txt');
  assert.deepEqual([...keys.keys()], ['testUser1']);
  assert.equal(keys.get('testUser1')?.asymmetricKeyType, 'ec');
});

test('a key made by node:crypto reads back from its JWK coordinates', () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const keys = parseAuthDb(`writer ec-p-256-sha256 ${jwk.x} ${jwk.y}\n`, 'db');
  assert.deepEqual(keys.get('writer')?.export({ format: 'jwk' }), jwk);
});

test('a malformed line names the file and the line', () => {
  assert.throws(() => parseAuthDb('# ok\nwriter rsa x y\n', 'conf/authDb.txt'), /file=conf\/authDb.txt, line=2\]: unrecognized key type rsa/);
  assert.throws(() => parseAuthDb('a ec-p-256-sha256 x\n', 'db'), /expected 4 tokens/);
  assert.throws(() => parseAuthDb('a ec-p-256-sha256 AAAA AAAA\n', 'db'), /not a P-256 public key/);
});
