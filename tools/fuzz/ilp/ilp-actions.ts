/**
 * What one fuzzer worker does per step, over HTTP or TCP: a checked request (valid rows, sometimes with one
 * line that is invalid in any state: the whole HTTP request is refused, a TCP connection keeps the lines
 * before it and is reset) whose acknowledged rows go into the model, or a chaos request, which only must not
 * get a 5xx. Findings (a 5xx, or an answer the rules say cannot happen) are kept with the input that caused them.
 */
import { gzipSync } from 'node:zlib';
import { badLine, chaosLine } from './ilp-chaos';
import { IlpRandom } from './ilp-random';
import { encodeRow, FuzzRow, randomRow, TS_FROM } from './ilp-rows';
import { HttpAnswer, IlpTarget } from './ilp-target';

export interface Finding {
  readonly what: string;
  /** The request body, base64 (replay it with curl --data-binary). */
  readonly input: string;
}

/** State the workers share: ids, the model of acknowledged rows, counters and findings. */
export class FuzzState {
  nextId = 1_000;
  /** The checked rows' feed time in ns: it moves forward a few ms per row. */
  clock = TS_FROM;
  lines = 0;
  requests = 0;
  http5xx = 0;
  readonly model = new Map<string, Map<number, FuzzRow>>();
  readonly findings: Finding[] = [];

  constructor(readonly tables: readonly string[]) {
    for (const t of tables) this.model.set(t, new Map());
  }

  acknowledge(table: string, rows: readonly FuzzRow[]): void {
    const m = this.model.get(table) as Map<number, FuzzRow>;
    for (const r of rows) m.set(r.id, r);
  }

  find(what: string, input: Buffer): void {
    if (this.findings.length < 50) this.findings.push({ what, input: input.toString('base64') });
  }
}

interface CheckedBody {
  readonly body: Buffer;
  /** Rows per table in line order, before the bad line (all of them when there is none). */
  readonly kept: ReadonlyMap<string, FuzzRow[]>;
  readonly bad: boolean;
}

function checkedBody(rnd: IlpRandom, state: FuzzState, withBad: boolean): CheckedBody {
  const n = rnd.int(1, 120);
  const badAt = withBad ? rnd.int(0, n) : -1;
  const parts: Buffer[] = [];
  const kept = new Map<string, FuzzRow[]>();
  for (let i = 0; i <= n; i++) {
    const table = rnd.pick(state.tables);
    if (i === badAt) { parts.push(badLine(rnd, table, state.nextId++)); continue; }
    if (i === n) break;
    state.clock += BigInt(rnd.int(0, 20_000_000));
    const row = randomRow(rnd, state.nextId++, state.clock);
    parts.push(encodeRow(rnd, table, row));
    if (badAt < 0 || i < badAt) kept.set(table, [...(kept.get(table) ?? []), row]);
  }
  state.lines += n + (withBad ? 1 : 0);
  return { body: Buffer.concat(parts), kept, bad: withBad };
}

function isServerError(a: HttpAnswer): boolean {
  return a.status >= 500 || a.status === 0;
}

export async function httpChecked(rnd: IlpRandom, state: FuzzState, target: IlpTarget): Promise<void> {
  const c = checkedBody(rnd, state, rnd.chance(0.2));
  const gzip = rnd.chance(0.15);
  const answer = await target.write(gzip ? gzipSync(c.body) : c.body, { gzip, chunk: rnd.chance(0.1) ? rnd.int(1, 64) : 0 });
  state.requests++;
  if (isServerError(answer)) { state.http5xx++; state.find(`HTTP ${answer.status} ${answer.body.slice(0, 300)}`, c.body); return; }
  if (c.bad !== (answer.status !== 204)) {
    state.find(`HTTP ${answer.status} for a request ${c.bad ? 'with' : 'without'} a bad line: ${answer.body.slice(0, 300)}`, c.body);
    return;
  }
  if (!c.bad) for (const [table, rows] of c.kept) state.acknowledge(table, rows);
}

export async function tcpChecked(rnd: IlpRandom, state: FuzzState, target: IlpTarget): Promise<void> {
  const c = checkedBody(rnd, state, rnd.chance(0.2));
  const ending = await target.sendTcp(c.body);
  state.requests++;
  if (!target.server.running) return;
  // Lines before a bad one are committed; the end of stream comes only after the commit (the acknowledgement).
  for (const [table, rows] of c.kept) state.acknowledge(table, rows);
  const expected = c.bad ? 'reset' : 'end';
  if (ending !== expected) state.find(`TCP connection ended with ${ending}, expected ${expected}`, c.body);
}

const PRECISIONS = ['', '?precision=n', '?precision=u', '?precision=ms', '?precision=s', '?precision=m', '?precision=h', '?precision=d', '?precision='];

function chaosBody(rnd: IlpRandom, state: FuzzState): Buffer {
  const n = rnd.int(1, 40);
  state.lines += n;
  return Buffer.concat(Array.from({ length: n }, () => chaosLine(rnd, state.nextId++)));
}

export async function httpChaos(rnd: IlpRandom, state: FuzzState, target: IlpTarget): Promise<void> {
  let body = chaosBody(rnd, state);
  let gzip = false;
  if (rnd.chance(0.15)) {
    gzip = true;
    body = gzipSync(body);
    if (rnd.chance(0.4)) body = Buffer.concat([body.subarray(0, rnd.int(0, body.length)), Buffer.from([rnd.int(0, 255)])]);
  }
  const answer = await target.write(body, { gzip, query: rnd.pick(PRECISIONS), chunk: rnd.chance(0.1) ? rnd.int(1, 32) : 0 });
  state.requests++;
  if (isServerError(answer)) { state.http5xx++; state.find(`HTTP ${answer.status} ${answer.body.slice(0, 300)}`, body); }
}

export async function tcpChaos(rnd: IlpRandom, state: FuzzState, target: IlpTarget): Promise<void> {
  await target.sendTcp(chaosBody(rnd, state), 10_000);
  state.requests++;
}
