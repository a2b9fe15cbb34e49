import assert from 'node:assert/strict';
import { test } from 'node:test';
import { long256Text, uuidText } from './wide-value-text';

function long256(...longs: bigint[]): Uint8Array {
  const d = new Uint8Array(32);
  const dv = new DataView(d.buffer);
  longs.forEach((v, k) => dv.setBigInt64(k * 8, v, true));
  return d;
}

test('LONG256 text keeps whole bytes: 0x1fe prints 0x01fe, zero 0x00, null is null', () => {
  assert.equal(long256Text(long256(0x1fen, 0n, 0n, 0n), 0), '0x01fe');
  assert.equal(long256Text(long256(0xabn, 0n, 0n, 0n), 0), '0xab');
  assert.equal(long256Text(long256(0n, 0n, 0n, 0n), 0), '0x00');
  assert.equal(long256Text(long256(1n, 0n, 0n, 0x10n), 0), `0x10${'0'.repeat(47)}1`);
  const nul = -9223372036854775808n;
  assert.equal(long256Text(long256(nul, nul, nul, nul), 0), null);
});

test('UUID text is hi long then lo long, most significant byte first', () => {
  const d = new Uint8Array(16);
  const dv = new DataView(d.buffer);
  dv.setBigUint64(0, 0x8899aabbccddeeffn, true);
  dv.setBigUint64(8, 0x0011223344556677n, true);
  assert.equal(uuidText(d, 0), '00112233-4455-6677-8899-aabbccddeeff');
});
