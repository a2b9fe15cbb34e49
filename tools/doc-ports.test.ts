import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVER_KEYS } from '../core/config/server-keys';
import { addressKeys, rewritePorts } from './doc-ports';

const ports = new Map([[9000, 40001], [9003, 40002], [8812, 40003], [9009, 40004]]);

test('the key table gives every listener its default port', () => {
  const keys = addressKeys(SERVER_KEYS);
  assert.equal(keys.get('http.net.bind.to'), 9000);
  assert.equal(keys.get('http.min.net.bind.to'), 9003);
});

test('ports after localhost or 127.0.0.1 are rewritten and localhost becomes 127.0.0.1', () => {
  assert.equal(rewritePorts('curl localhost:9000/exec && curl http://127.0.0.1:9003/', ports),
    'curl 127.0.0.1:40001/exec && curl http://127.0.0.1:40002/');
  assert.equal(rewritePorts('Sender("localhost", 9009)', ports), 'Sender("127.0.0.1", 40004)');
  assert.equal(rewritePorts("connect(host='localhost', port=8812)", ports), "connect(host='localhost', port=40003)");
});

test('port options are rewritten', () => {
  assert.equal(rewritePorts('psql -h localhost -p 8812 -U admin', ports), 'psql -h localhost -p 40003 -U admin');
  assert.equal(rewritePorts('x --port 8812 --port=9009 PGPORT=8812 port: 9000', ports), 'x --port 40003 --port=40004 PGPORT=40003 port: 40001');
});

test('other numbers stay', () => {
  assert.equal(rewritePorts('SELECT 9000 FROM t LIMIT 8812; host:9000; localhost:90001', ports), 'SELECT 9000 FROM t LIMIT 8812; host:9000; localhost:90001');
});
