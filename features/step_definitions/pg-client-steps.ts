/**
 * Real PostgreSQL clients from Debian against the PostgreSQL listener: `psql` (postgresql-client),
 * Python 3 with psycopg, psycopg2, pandas and SQLAlchemy (`/usr/bin/python3`, whose modules Debian
 * installs), and Java with pgjdbc (`libpostgresql-jdbc-java`, compiled with the JDK's javac when the step
 * runs). Each runs as a child process; the scenario compares what it prints.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Given, When, Then } from '@cucumber/cucumber';
import { localOnly } from '../support/local-only';
import { pgEndpoint, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';

function run(file: string, args: readonly string[], env: Record<string, string>, cwd?: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, [...args], { env: { ...process.env, ...env }, timeout: 30_000, cwd }, (error, stdout, stderr) => {
      resolve(`${stdout}${stderr}${error && error.code !== 1 && error.code !== 3 ? `\n[${String(error.code ?? error.signal)}]` : ''}`);
    });
  });
}

When('psql runs {string}', async function (this: SvcWorld, command: string) {
  const { host, port } = await pgEndpoint(this);
  pgOf(this).output = await run('psql', ['-h', host, '-p', String(port), '-U', 'admin', '-d', 'qdb', '-X', '-c', command],
    { PGPASSWORD: 'quest', PAGER: '', PGCLIENTENCODING: 'UTF8' });
});

/** psql as admin/quest with `args`, run in `cwd`; what it printed (standard output, then standard error). */
export function runPsql(args: readonly string[], cwd?: string): Promise<string> {
  return run('psql', args, { PGPASSWORD: 'quest', PAGER: '', PGCLIENTENCODING: 'UTF8' }, cwd);
}

/** One `-c` per line: psql sends each as its own Query, as typed at its prompt. */
When('psql runs the commands:', async function (this: SvcWorld, commands: string) {
  const { host, port } = await pgEndpoint(this);
  const each = commands.split('\n').map((l) => l.trim()).filter((l) => l !== '').flatMap((l) => ['-c', l]);
  pgOf(this).output = await run('psql', ['-h', host, '-p', String(port), '-U', 'admin', '-d', 'qdb', '-X', ...each],
    { PGPASSWORD: 'quest', PAGER: '', PGCLIENTENCODING: 'UTF8' });
});

/** `{host}` and `{port}` in the code become the PostgreSQL listener's address. */
When('Python runs:', async function (this: SvcWorld, code: string) {
  const { host, port } = await pgEndpoint(this);
  pgOf(this).output = await run('/usr/bin/python3', ['-W', 'ignore', '-c', code.replace(/\{host\}/g, host).replace(/\{port\}/g, String(port))], {});
});

/** pgjdbc as Debian installs it. */
const PGJDBC = '/usr/share/java/postgresql.jar';

/** `{host}` and `{port}` in the code become the PostgreSQL listener's address; the code declares `public class Main`. */
When('Java runs:', async function (this: SvcWorld, code: string) {
  const { host, port } = await pgEndpoint(this);
  const dir = mkdtempSync(join(tmpdir(), 'svc-java-'));
  try {
    writeFileSync(join(dir, 'Main.java'), code.replace(/\{host\}/g, host).replace(/\{port\}/g, String(port)));
    const compiled = await run('javac', ['-cp', PGJDBC, '-d', dir, join(dir, 'Main.java')], {});
    if (compiled.trim() !== '') assert.fail(`javac: ${compiled}`);
    pgOf(this).output = await run('java', ['-cp', `${PGJDBC}:${dir}`, 'Main'], {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Then('it prints:', function (this: SvcWorld, expected: string) {
  assert.equal((pgOf(this).output ?? '').trimEnd(), expected.trimEnd());
});

Given('a self-signed certificate and key in the root at {string} and {string}', localOnly('root'), async function (this: SvcWorld, cert: string, key: string) {
  mkdirSync(dirname(join(this.root, cert)), { recursive: true });
  mkdirSync(dirname(join(this.root, key)), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    execFile('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
      '-keyout', join(this.root, key), '-out', join(this.root, cert)], (error) => (error ? reject(error) : resolve()));
  });
});

When('psql runs {string} with sslmode {string}', async function (this: SvcWorld, command: string, mode: string) {
  const { host, port } = await pgEndpoint(this);
  pgOf(this).output = await run('psql', ['-h', host, '-p', String(port), '-U', 'admin', '-d', 'qdb', '-X', '-c', command],
    { PGPASSWORD: 'quest', PAGER: '', PGSSLMODE: mode });
});

Then('it prints a line starting with {string}', function (this: SvcWorld, prefix: string) {
  assert.ok((pgOf(this).output ?? '').split('\n').some((l) => l.startsWith(prefix)), pgOf(this).output);
});
