import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translateQuestDbEnv } from './questdb-env';
import { prepareEnvironment } from './server-environment';
import { ServerConfig } from './server-config';
import { HTTP_USER } from './server-keys';

test('QDB_ variables are read under their SVC_ names', () => {
  const t = translateQuestDbEnv({ QDB_HTTP_USER: 'admin', PATH: '/bin' });
  assert.equal(t.env.SVC_HTTP_USER, 'admin');
  assert.equal(t.env.PATH, '/bin');
  assert.equal(t.origins.get('SVC_HTTP_USER'), 'QDB_HTTP_USER');
});

test('the SVC_ variable wins over the QDB_ one and the note says so', () => {
  const p = prepareEnvironment({ QDB_HTTP_USER: 'qdb', SVC_HTTP_USER: 'svc' });
  assert.equal(p.env.SVC_HTTP_USER, 'svc');
  assert.deepEqual(p.notes, ['QuestDB variable QDB_HTTP_USER ignored: SVC_HTTP_USER is set too, and the SVC_ name wins']);
});

test('an accepted QDB_ variable is reported with the key it sets', () => {
  const p = prepareEnvironment({ QDB_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', QDB_LOG_W_STDOUT_LEVEL: 'ERROR' });
  assert.deepEqual(p.notes, [
    'QuestDB variable QDB_HTTP_MIN_NET_BIND_TO accepted as SVC_HTTP_MIN_NET_BIND_TO (http.min.net.bind.to)',
    'QuestDB variable QDB_LOG_W_STDOUT_LEVEL accepted as SVC_LOG_W_STDOUT_LEVEL (log.conf)',
  ]);
});

test('a misspelled SVC_ variable is reported with the nearest known one', () => {
  const p = prepareEnvironment({ SVC_HTTP_NET_BIND: '1', SVC_DEBUG: 'true', SVC_HTTP_PASSWORD_FILE: '/s', SVC_LOG_W_X_Y: '1' });
  assert.deepEqual(p.notes, ['unknown environment variable SVC_HTTP_NET_BIND ignored; the nearest known one is SVC_HTTP_NET_BIND_TO (http.net.bind.to)']);
});

test('an unknown QDB_ variable is reported under its own name', () => {
  const p = prepareEnvironment({ QDB_METRICS_ENABLE: 'true' });
  assert.deepEqual(p.notes, ['unknown environment variable QDB_METRICS_ENABLE (read as SVC_METRICS_ENABLE) ignored; '
    + 'the nearest known one is SVC_METRICS_ENABLED (metrics.enabled)']);
});

test('a bad value from a QDB_ variable names that variable as its source', () => {
  const p = prepareEnvironment({ QDB_METRICS_ENABLED: 'maybe' });
  assert.throws(() => ServerConfig.load({ confText: '', env: p.env, envOrigin: (n) => p.origins.get(n) ?? n, readFile: () => '' }),
    /metrics.enabled \[value=maybe, source=QDB_METRICS_ENABLED, env=SVC_METRICS_ENABLED\]: expected true or false/);
  const q = prepareEnvironment({ QDB_HTTP_USER: 'admin' });
  assert.equal(ServerConfig.load({ confText: '', env: q.env, readFile: () => '' }).get(HTTP_USER), 'admin');
});
