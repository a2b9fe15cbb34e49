import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlertResponseReader } from './alert-response';

test('a Content-Length answer ends after its body, even when split', () => {
  const r = new AlertResponseReader(1024);
  assert.equal(r.push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Le')), false);
  assert.equal(r.push(Buffer.from('ngth: 4\r\n\r\nab')), false);
  assert.equal(r.push(Buffer.from('cd')), true);
  assert.deepEqual([r.status, r.closeAfter], [200, false]);
});

test('a chunked answer ends at its last chunk', () => {
  const r = new AlertResponseReader(1024);
  assert.equal(r.push(Buffer.from('HTTP/1.1 400 Bad\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n')), false);
  assert.equal(r.push(Buffer.from('0\r\n\r\n')), true);
  assert.equal(r.status, 400);
});

test('an answer without a length ends at its headers and closes the connection', () => {
  const r = new AlertResponseReader(1024);
  assert.equal(r.push(Buffer.from('HTTP/1.0 202 Accepted\r\n\r\n')), true);
  assert.deepEqual([r.status, r.closeAfter], [202, true]);
});

test('more than inBufferSize bytes end the answer', () => {
  const r = new AlertResponseReader(10);
  assert.equal(r.push(Buffer.from('HTTP/1.1 200 OK\r\nX: yyyyyyyyyyyy')), true);
  assert.equal(r.closeAfter, true);
});
