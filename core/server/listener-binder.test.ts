import 'reflect-metadata';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { ServerConfig } from '../config/server-config';
import { HTTP_BIND_TO, HTTP_MIN_BIND_TO } from '../config/server-keys';
import { LogService } from '../log/log-service';
import { bindFailure, ListenerBinder } from './listener-binder';

const binder = (env: Record<string, string>): ListenerBinder =>
  new ListenerBinder(ServerConfig.load({ confText: 'http.min.net.bind.to=127.0.0.1:1', env, readFile: () => '' }), new LogService());

test('a port in use stops start-up naming the key, the value, its source and the variable', async () => {
  const busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
  const port = (busy.address() as { port: number }).port;
  const server = createServer();
  await assert.rejects(binder({ SVC_HTTP_NET_BIND_TO: `127.0.0.1:${port}` }).listen(server, HTTP_BIND_TO, 'http server'),
    new RegExp(`^SvcError: cannot listen on http.net.bind.to \\[value=127.0.0.1:${port}, source=SVC_HTTP_NET_BIND_TO, `
      + 'env=SVC_HTTP_NET_BIND_TO\\]: address already in use; another process listens on that port \\(EADDRINUSE\\)$'));
  busy.close();
});

test('a bound listener is recorded by key', async () => {
  const b = binder({ SVC_HTTP_NET_BIND_TO: '127.0.0.1:0' });
  const server = createServer();
  const address = await b.listen(server, HTTP_BIND_TO, 'http server');
  assert.equal(b.addresses().get('http.net.bind.to')?.port, address.port);
  server.close();
});

test('an address this machine does not have, and a host that does not resolve, name their reason', async () => {
  const b = binder({ SVC_HTTP_NET_BIND_TO: '192.0.2.1:0' });
  await assert.rejects(b.listen(createServer(), HTTP_BIND_TO, 'http server'), /value=192.0.2.1:0.*\]: address not available; .* \(EADDRNOTAVAIL\)$/);
  const c = binder({ SVC_HTTP_NET_BIND_TO: 'no-such-host.invalid:0' });
  await assert.rejects(c.listen(createServer(), HTTP_BIND_TO, 'http server'), /\]: host name (not found \(ENOTFOUND\)|lookup failed \(EAI_AGAIN\))$/);
});

test('a failure reported by another thread is worded the same way', async () => {
  const b = binder({});
  const fromWorker = Object.assign(new Error('listen EACCES: permission denied 127.0.0.1:1'), { code: 'EACCES' });
  await assert.rejects(b.bind(HTTP_MIN_BIND_TO, 'http min server', () => Promise.reject(fromWorker)),
    /^SvcError: cannot listen on http.min.net.bind.to \[value=127.0.0.1:1, source=server.conf line 1, env=SVC_HTTP_MIN_NET_BIND_TO\]: permission denied; ports below 1024 need privileges \(EACCES\)$/);
  assert.match(bindFailure({ key: 'k', value: 'v', source: 'default', env: 'SVC_K' }, new Error('odd')).message, /\]: odd$/);
});
