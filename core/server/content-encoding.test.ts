import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { Decoder } from '@toondepauw/node-zstd';
import { createEncoder, negotiateEncoding } from './content-encoding';

const ALL = ['zstd', 'br', 'gzip', 'deflate'] as const;

test('the server preference wins among accepted codings', () => {
  assert.equal(negotiateEncoding('gzip, deflate, br, zstd', ALL), 'zstd');
  assert.equal(negotiateEncoding('gzip, deflate', ALL), 'gzip');
  assert.equal(negotiateEncoding('gzip, deflate', ['deflate', 'gzip']), 'deflate');
});

test('q=0 refuses a coding, * covers the rest, identity or nothing means no coding', () => {
  assert.equal(negotiateEncoding('zstd;q=0, gzip;q=0.5', ALL), 'gzip');
  assert.equal(negotiateEncoding('*;q=1, zstd;q=0', ALL), 'br');
  assert.equal(negotiateEncoding('identity', ALL), undefined);
  assert.equal(negotiateEncoding(undefined, ALL), undefined);
  assert.equal(negotiateEncoding('gzip', []), undefined);
  assert.equal(negotiateEncoding('x-gzip', ALL), 'gzip');
});

async function encode(coding: 'gzip' | 'zstd', chunks: string[]): Promise<Buffer> {
  const encoder = createEncoder(coding);
  const out: Buffer[] = [];
  encoder.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => encoder.on('end', resolve));
  for (const c of chunks) encoder.write(Buffer.from(c));
  encoder.end();
  await done;
  return Buffer.concat(out);
}

test('gzip and zstd streams decode to what was written', async () => {
  assert.equal(gunzipSync(await encode('gzip', ['a,b\r\n', '1,2\r\n'])).toString(), 'a,b\r\n1,2\r\n');
  // One zstd frame per written chunk; a decoder reads the concatenated frames as one stream.
  const frames = await encode('zstd', ['hello ', 'world']);
  assert.equal((await new Decoder().decode(frames)).toString(), 'hello world');
});
