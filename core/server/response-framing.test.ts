import 'reflect-metadata';
import assert from 'node:assert/strict';
import { createServer, request, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { rawTextAnswer, ResponseFraming } from './response-framing';

const framing = new ResponseFraming({ keepAlive: true, keepAliveTimeout: 5, keepAliveMax: 10000 });

/** Serves `handle` once, then makes two requests on one kept-alive connection; returns both raw answers. */
async function twoOnOneConnection(handle: (res: ServerResponse, n: number) => void): Promise<string[]> {
  let n = 0;
  const server = createServer((_req, res) => handle(res, n++));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const { Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (): Promise<string> => new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve(`${res.statusCode} ${res.headers['content-length'] ?? 'chunked'} ${body}`));
    });
    req.on('error', reject);
    req.end();
  });
  try {
    return [await get(), await get()];
  } finally {
    agent.destroy();
    server.close();
  }
}

test('a header value Node would refuse throws before anything is written, so the error answer is well framed', async () => {
  const answers = await twoOnOneConnection((res, n) => {
    if (n === 0) {
      assert.throws(() => framing.begin(res, { status: 200, headers: [['Content-Disposition', 'a\u0000b']] }), /invalid character/);
      assert.equal(res.headersSent, false);
      framing.sendError(res, { status: 500, contentType: 'text/plain; charset=utf-8', body: 'Internal server error\r\n' });
    } else {
      framing.send(res, 200, 'text/plain; charset=utf-8', 'second');
    }
  });
  assert.deepEqual(answers, ['500 23 Internal server error\r\n', '200 6 second']);
});

test('sendError after the head was sent closes the connection instead of framing', async () => {
  const server = createServer((_req, res) => {
    framing.begin(res, { status: 200, contentType: 'text/plain' });
    res.write('partial');
    assert.equal(framing.sendError(res, { status: 500, contentType: 'text/plain', body: 'x' }), false);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const outcome = await new Promise<string>((resolve) => {
    const req = request({ host: '127.0.0.1', port, agent: false }, (res) => {
      res.on('data', () => undefined);
      res.on('error', () => resolve('cut'));
      res.on('end', () => resolve('ended'));
      res.on('close', () => resolve('cut'));
    });
    req.on('error', () => resolve('cut'));
    req.end();
  });
  server.close();
  assert.equal(outcome, 'cut');
});

test('a raw answer carries its Content-Length and closes', () => {
  const text = rawTextAnswer(503, 'too many\r\n');
  assert.match(text, /^HTTP\/1\.1 503 Service unavailable\r\nServer: svc\/1\.0\r\nDate: .+\r\nContent-Length: 10\r\nContent-Type: text\/plain; charset=utf-8\r\nConnection: close\r\n\r\ntoo many\r\n$/);
});
