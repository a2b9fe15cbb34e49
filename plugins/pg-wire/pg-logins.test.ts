import assert from 'node:assert/strict';
import test from 'node:test';
import { ServerConfig } from '../../core/config/server-config';
import { Log } from '../../core/log/log';
import { pgLogins } from './pg-logins';

const config = (conf: string): ServerConfig => ServerConfig.load({ confText: conf, env: {}, readFile: () => { throw new Error('ENOENT'); } });

function lines(conf: string, address: string): string[] {
  const out: string[] = [];
  const log = { advisory: (m: string) => out.push(`A ${m}`), error: (m: string) => out.push(`E ${m}`) } as unknown as Log;
  pgLogins(config(conf)).announce(log, { address, port: 8812, family: 'IPv4' });
  return out;
}

test('the HTTP credentials are the PostgreSQL login unless pg.user or pg.password is set', () => {
  assert.deepEqual(pgLogins(config('http.user=ops\nhttp.password=p')).users.map((u) => [u.name, u.password]), [['ops', 'p']]);
  assert.deepEqual(pgLogins(config('http.user=ops\nhttp.password=p\npg.password=x')).users.map((u) => [u.name, u.password]), [['admin', 'x']]);
  assert.deepEqual(pgLogins(config('')).users.map((u) => [u.name, u.password]), [['admin', 'quest']]);
});

test('either read-only setting makes every PostgreSQL session read-only', () => {
  assert.equal(pgLogins(config('http.security.readonly=true')).readOnly, true);
  assert.equal(pgLogins(config('pg.security.readonly=true')).readOnly, true);
  assert.equal(pgLogins(config('')).readOnly, false);
});

test('the default password on a non-loopback address is an Error line; on loopback, or once set, it is not', () => {
  assert.ok(lines('', '0.0.0.0').some((l) => l.startsWith('E the PostgreSQL listener accepts the default password')));
  assert.ok(lines('pg.readonly.user.enabled=true\npg.password=x', '::').some((l) => l.includes('[bind=:::8812, user=user]')));
  assert.ok(!lines('', '127.0.0.1').some((l) => l.startsWith('E ')));
  assert.ok(!lines('pg.password=s3cret', '0.0.0.0').some((l) => l.startsWith('E ')));
  assert.ok(!lines('http.user=ops\nhttp.password=p', '0.0.0.0').some((l) => l.startsWith('E ')));
});
