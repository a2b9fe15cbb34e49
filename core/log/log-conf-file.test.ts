import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BUILT_IN_LOG_CONF, locateLogConf } from './log-conf-file';

function dirs(): { conf: string; defaults: string; done: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'svc-logconf-'));
  const conf = join(base, 'conf');
  const defaults = join(base, 'defaults');
  mkdirSync(conf);
  mkdirSync(defaults);
  return { conf, defaults, done: () => rmSync(base, { recursive: true, force: true }) };
}

test('<root>/conf/log.conf is used when it exists', () => {
  const d = dirs();
  writeFileSync(join(d.conf, 'log.conf'), 'writers=mine\n');
  assert.deepEqual(locateLogConf(d.conf, undefined, d.defaults), { text: 'writers=mine\n', path: join(d.conf, 'log.conf'), created: false });
  d.done();
});

test('without conf/log.conf and -Dout the default is written to conf/log.conf', () => {
  const d = dirs();
  writeFileSync(join(d.defaults, 'log.conf'), 'writers=shipped\n');
  const s = locateLogConf(d.conf, undefined, d.defaults);
  assert.equal(s.created, true);
  assert.equal(readFileSync(join(d.conf, 'log.conf'), 'utf8'), 'writers=shipped\n');
  d.done();
});

test('with no shipped default the built-in text is written', () => {
  const d = dirs();
  locateLogConf(d.conf, undefined, join(d.defaults, 'missing'));
  assert.equal(readFileSync(join(d.conf, 'log.conf'), 'utf8'), BUILT_IN_LOG_CONF);
  d.done();
});

test('-Dout names the file and nothing is created in conf/', () => {
  const d = dirs();
  const other = join(d.defaults, 'other.conf');
  writeFileSync(other, 'writers=other\n');
  const s = locateLogConf(d.conf, other, d.defaults);
  assert.equal(s.text, 'writers=other\n');
  assert.throws(() => readFileSync(join(d.conf, 'log.conf')));
  d.done();
});

test('a -Dout file that does not exist stops start-up', () => {
  const d = dirs();
  assert.throws(() => locateLogConf(d.conf, join(d.conf, 'nope.conf'), d.defaults), /log configuration not found \[-Dout=/);
  d.done();
});
