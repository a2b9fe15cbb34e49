import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AlertTemplate } from './alert-template';

const at = Date.parse('2023-02-24T14:59:45.076Z') * 1000;

test('the built-in template is JSON with the labels, GLOBAL defaults and the message', () => {
  const t = AlertTemplate.load(undefined, '/r', { ORGID: 'acme' }, '1.2.3');
  const [alert] = JSON.parse(t.render('2023-02-24T14:59:45.076113Z C x "quoted"\tand\nnewline $HOME \\ end', at)) as [{
    Status: string; Labels: Record<string, string>; Annotations: Record<string, string> }];
  assert.equal(alert.Status, 'firing');
  assert.deepEqual(alert.Labels, { alertname: 'SvcInstanceLogs', service: 'svc', category: 'application-logs', severity: 'critical',
    version: '1.2.3', cluster: 'GLOBAL', orgid: 'acme', namespace: 'GLOBAL', instance: 'GLOBAL', alertTimestamp: '2023/02/24T14:59:45.076' });
  assert.equal(alert.Annotations.description, 'ERROR/cl:GLOBAL/org:acme/ns:GLOBAL/db:GLOBAL');
  assert.equal(alert.Annotations.message, '2023-02-24T14:59:45.076113Z C x "quoted" andnewline $HOME \\ end');
});

test('a template file relative to the root is used, with every variable', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-tpl-'));
  writeFileSync(join(root, 'my.json'), '{"m":"${ALERT_MESSAGE}","v":"${SVC_VERSION}","o":"${ORGID}","n":"${NAMESPACE}","c":"${CLUSTER_NAME}","i":"${INSTANCE_NAME}","d":"${date:yyyy}","u":"${UNKNOWN}"}');
  const t = AlertTemplate.load('my.json', root, { NAMESPACE: 'ns', CLUSTER_NAME: 'cl', INSTANCE_NAME: 'db1' }, '9');
  assert.deepEqual(JSON.parse(t.render('hi', at)), { m: 'hi', v: '9', o: 'GLOBAL', n: 'ns', c: 'cl', i: 'db1', d: '2023', u: '${UNKNOWN}' });
  rmSync(root, { recursive: true });
});

test('a template without ${ALERT_MESSAGE} stops start-up', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-tpl-'));
  writeFileSync(join(root, 'bad.json'), '{"m":"nothing"}');
  assert.throws(() => AlertTemplate.load(join(root, 'bad.json'), '/elsewhere', {}, '0'), /Bad template, no \$\{ALERT_MESSAGE\} declaration found/);
  assert.throws(() => AlertTemplate.load('missing.json', root, {}, '0'), /cannot read alert template/);
  rmSync(root, { recursive: true });
});

test('${date:...} is the time of sending', () => {
  const t = AlertTemplate.load(undefined, '/r', {}, '0');
  assert.notEqual(t.render('m', at), t.render('m', at + 1000_000));
});
