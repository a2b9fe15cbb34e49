import assert from 'node:assert/strict';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { test } from 'node:test';
import { parseExecParams } from './exec-params';

function parse(query: string, headers: Record<string, string> = {}): ReturnType<typeof parseExecParams> {
  const req = new IncomingMessage(new Socket());
  req.url = `/exec?${query}`;
  req.headers = headers;
  return parseExecParams(req, new URLSearchParams(query));
}

test('boolean parameters are true only for the literal true in any case', () => {
  const p = parse('query=x&count=TRUE&nm=yes&timings=true&explain=1');
  assert.equal(p.count, true);
  assert.equal(p.noMeta, false);
  assert.equal(p.timings, true);
  assert.equal(p.explain, false);
});

test('src=con implies quoteLargeNum', () => {
  assert.equal(parse('query=x&src=con').quoteLargeNum, true);
  assert.equal(parse('query=x').quoteLargeNum, false);
  assert.equal(parse('query=x&quoteLargeNum=true').quoteLargeNum, true);
});

test('Statement-Timeout is read in milliseconds and ignored when not a positive integer', () => {
  assert.equal(parse('query=x', { 'statement-timeout': '1500' }).statementTimeoutMs, 1500);
  assert.equal(parse('query=x', { 'statement-timeout': 'soon' }).statementTimeoutMs, undefined);
  assert.equal(parse('query=x', { 'statement-timeout': '0' }).statementTimeoutMs, undefined);
});

test('broken percent-encoded UTF-8 in the query is detected', () => {
  assert.equal(parse('query=select%20%ff').badUtf8, true);
  assert.equal(parse('query=select%20%C3%A9').badUtf8, false);
});

test('cols splits on commas and version=2 is recognised', () => {
  const p = parse('query=x&cols=a,,b&version=2');
  assert.deepEqual(p.cols, ['a', '', 'b']);
  assert.equal(p.version2, true);
});
