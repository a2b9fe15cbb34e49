import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NEEDS_BIGINT, PARSE_FAILED, parseBoolean, parseDouble, parseInteger, parseIpv4, parseLong256, parseUuid } from './number-parsers';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const dbl = (s: string): number => parseDouble(b(s), 0, b(s).length);
const int = (s: string): number => parseInteger(b(s), 0, b(s).length);

test('doubles parse exactly like Number()', () => {
  for (const s of ['79.45', '0.1', '-31.04', '1e2', '.5', '+2.5', '123456789012345678', '1.7976931348623157e308', '5e-324', '0.30000000000000004']) {
    assert.equal(dbl(s), Number(s), s);
  }
});

test('text that is not a double gives NaN', () => {
  for (const s of ['', '-', '1.2.3', '1e', 'abc', '1,5', '0x10']) assert.ok(Number.isNaN(dbl(s)), s);
});

test('integers parse, long ones ask for BigInt, bad ones fail', () => {
  assert.equal(int('-2147483647'), -2147483647);
  assert.equal(int('+42'), 42);
  assert.equal(int('1234567890123456'), NEEDS_BIGINT);
  assert.equal(int('12a'), PARSE_FAILED);
  assert.equal(int(''), PARSE_FAILED);
});

test('booleans are true or false in any case', () => {
  assert.equal(parseBoolean(b('TRUE'), 0, 4), 1);
  assert.equal(parseBoolean(b('False'), 0, 5), 0);
  assert.equal(parseBoolean(b('yes'), 0, 3), -1);
});

test('IPv4 addresses become their 32 bits', () => {
  assert.equal(parseIpv4(b('1.2.3.4'), 0, 7), 0x01020304);
  assert.equal(parseIpv4(b('255.255.255.255'), 0, 15), -1);
  assert.equal(parseIpv4(b('1.2.3'), 0, 5), PARSE_FAILED);
  assert.equal(parseIpv4(b('1.2.3.256'), 0, 9), PARSE_FAILED);
});

test('UUIDs are stored lo long then hi long, little-endian', () => {
  const out = new Uint8Array(16);
  assert.ok(parseUuid(b('00112233-4455-6677-8899-aabbccddeeff'), 0, 36, out, 0));
  const dv = new DataView(out.buffer);
  assert.equal(dv.getBigUint64(0, true), 0x8899aabbccddeeffn);
  assert.equal(dv.getBigUint64(8, true), 0x0011223344556677n);
  assert.equal(parseUuid(b('not-a-uuid'), 0, 10, out, 0), false);
});

test('LONG256 hex fills four longs, least significant first', () => {
  const out = new Uint8Array(32);
  assert.ok(parseLong256(b('0x0102'), 0, 6, out, 0));
  assert.deepEqual([out[0], out[1], out[2]], [2, 1, 0]);
  assert.equal(parseLong256(b('0x'), 0, 2, out, 0), false);
  assert.equal(parseLong256(b('12'), 0, 2, out, 0), false);
});
