import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, test } from 'node:test';
import { Log } from '../../core/log/log';
import { LogLevel } from '../../core/log/log-level';
import { formatLine, nowMicros } from '../../core/log/log-line';
import { LogRecord } from '../../core/log/log-record';
import { AlertManagerStandIn } from '../../tools/alert-manager-stand-in';
import { AlertSettings, AlertTarget } from './alert-settings';
import { ALERT_LOG_SOURCE, AlertSocketWriter } from './alert-socket-writer';
import { AlertTemplate } from './alert-template';

class MemoryLog implements Log {
  readonly source = ALERT_LOG_SOURCE;
  readonly debugEnabled = false;
  readonly lines: string[] = [];
  advisory(m: string): void { this.lines.push(`A ${m}`); }
  critical(m: string): void { this.lines.push(`C ${m}`); }
  error(m: string): void { this.lines.push(`E ${m}`); }
  info(m: string): void { this.lines.push(`I ${m}`); }
  debug(m: string): void { this.lines.push(`D ${m}`); }
}

const template = AlertTemplate.load(undefined, '/', {}, '7.7.7');
const critical = (message: string, source = 'engine'): LogRecord => {
  const micros = nowMicros();
  return { micros, level: LogLevel.Critical, source, message, line: formatLine(micros, LogLevel.Critical, source, message) };
};
const settings = (targets: AlertTarget[], o: Partial<AlertSettings> = {}): AlertSettings =>
  ({ targets, inBufferSize: 2 * 1024 * 1024, outBufferSize: 4 * 1024 * 1024, reconnectDelayMs: 250, ...o });
const messageOf = (body: string): string => (JSON.parse(body) as [{ Annotations: { message: string } }])[0].Annotations.message;

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const standIns: AlertManagerStandIn[] = [];
async function standIn(): Promise<AlertManagerStandIn> {
  const s = new AlertManagerStandIn();
  await s.start(0);
  standIns.push(s);
  return s;
}
after(async () => { for (const s of standIns) await s.stop(); });

const silenced = async <T>(f: () => Promise<T>): Promise<T> => {
  const write = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try { return await f(); } finally { process.stderr.write = write; }
};

test('an alert is an HTTP/1.1 POST to /api/v1/alerts with QuestDB headers and the rendered template', async () => {
  const am = await standIn();
  const w = new AlertSocketWriter(settings([{ host: '127.0.0.1', port: am.port }]), template, '7.7.7', new MemoryLog());
  w.write(critical('table is corrupt'));
  await am.waitFor(1);
  await w.close();
  const [a] = am.received;
  assert.equal(a.requestLine, 'POST /api/v1/alerts HTTP/1.1');
  assert.equal(a.headers.get('host'), '127.0.0.1');
  assert.equal(a.headers.get('user-agent'), 'svc/7.7.7');
  assert.equal(a.headers.get('accept'), '*/*');
  assert.equal(a.headers.get('content-type'), 'application/json');
  assert.equal(a.rawContentLength.length, 7, 'space + the length padded to 6');
  assert.equal(Number(a.headers.get('content-length')), Buffer.byteLength(a.body));
  assert.match(messageOf(a.body), /Z C engine table is corrupt$/);
  assert.equal(w.stats.delivered, 1);
});

test('with two targets and one dead, every alert reaches the live one whichever is picked first', async () => {
  const am = await standIn();
  const dead = await deadPort();
  const targets = [{ host: '127.0.0.1', port: dead }, { host: '127.0.0.1', port: am.port }];
  for (const random of [() => 0, () => 0.99]) {
    const before = am.received.length;
    const log = new MemoryLog();
    const w = new AlertSocketWriter(settings(targets), template, '1', log, random);
    for (let i = 0; i < 5; i++) w.write(critical(`failure ${i}`));
    await am.waitFor(before + 5);
    await w.close();
    assert.deepEqual(am.received.slice(before).map((r) => messageOf(r.body).replace(/^.* C engine /, '')),
      ['failure 0', 'failure 1', 'failure 2', 'failure 3', 'failure 4']);
    assert.equal(w.stats.delivered, 5);
    assert.equal(w.stats.dropped, 0);
    assert.equal(w.target.port, am.port);
  }
});

test('a target that goes down and comes back gets the alerts logged meanwhile, 250 ms between attempts', async () => {
  const am = await standIn();
  const log = new MemoryLog();
  const w = new AlertSocketWriter(settings([{ host: '127.0.0.1', port: am.port }]), template, '1', log);
  w.write(critical('first'));
  await am.waitFor(1);
  await am.stop();
  const downAt = Date.now();
  w.write(critical('while down 1'));
  w.write(critical('while down 2'));
  await new Promise((r) => setTimeout(r, 900));
  const attempts = w.stats.failedAttempts;
  const elapsed = Date.now() - downAt;
  // 250 ms between attempts: never more than one per 250 ms (a loaded machine may make fewer).
  assert.ok(attempts >= 1 && attempts <= Math.floor(elapsed / 250) + 1, `${attempts} attempts in ${elapsed} ms`);
  assert.ok(log.lines.some((l) => /^E alert manager unavailable \[target=127.0.0.1:\d+, reason=/.test(l)), log.lines.join('\n'));
  await am.start();
  await am.waitFor(3);
  assert.deepEqual(am.received.map((r) => messageOf(r.body).replace(/^.* C engine /, '')), ['first', 'while down 1', 'while down 2']);
  assert.ok(log.lines.some((l) => /^I alert manager available again/.test(l)), log.lines.join('\n'));
  await w.close();
  assert.deepEqual([w.stats.delivered, w.stats.dropped], [3, 0]);
});

test('with the alert manager down, writing never blocks and undelivered alerts are bounded, counted and reported', async () => {
  const port = await deadPort();
  const log = new MemoryLog();
  const w = new AlertSocketWriter(settings([{ host: '127.0.0.1', port }], { outBufferSize: 4096 }), template, '1', log);
  await silenced(async () => {
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) w.write(critical(`lost ${i}`));
    assert.ok(performance.now() - t0 < 500, 'writes must not wait for the network');
    const queued = w.stats.queued;
    assert.ok(queued > 0 && queued < 20, `${queued} queued`);
    assert.equal(w.stats.dropped, 1000 - queued);
    await w.close();
  });
  assert.equal(w.stats.dropped, 1000);
  assert.ok(log.lines.some((l) => /^E \d+ alerts dropped, not delivered to the alert manager \[targets=127.0.0.1:\d+, droppedTotal=/.test(l)), log.lines.join('\n'));
});

test('the writer never alerts on its own lines', async () => {
  const am = await standIn();
  const w = new AlertSocketWriter(settings([{ host: '127.0.0.1', port: am.port }]), template, '1', new MemoryLog());
  w.write(critical('about myself', ALERT_LOG_SOURCE));
  w.write(critical('real'));
  await am.waitFor(1);
  await w.close();
  assert.equal(am.received.length, 1);
});

test('a 4xx answer counts the alert as rejected and does not retry it', async () => {
  const am = await standIn();
  am.status = 400;
  const log = new MemoryLog();
  const w = new AlertSocketWriter(settings([{ host: '127.0.0.1', port: am.port }]), template, '1', log);
  w.write(critical('bad payload'));
  w.write(critical('next'));
  await am.waitFor(2);
  await w.close();
  assert.deepEqual([w.stats.rejected, w.stats.failedAttempts, am.received.length], [2, 0, 2]);
  assert.ok(log.lines.some((l) => /^E alert manager refused an alert \[target=.*, status=400\]/.test(l)));
});
