import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MultipartParser } from 'formidable';
import { fastenBodies } from './boundary-skip';

const BOUNDARY = '----b0a1c2d3e4f5';

interface ParserEvent { readonly name: string; readonly buffer?: Buffer; readonly start?: number; readonly end?: number }

function isParserEvent(e: unknown): e is ParserEvent {
  return typeof e === 'object' && e !== null && typeof Reflect.get(e, 'name') === 'string';
}

/** The parser's events with adjacent part data joined, and how it ended: what formidable builds parts from. */
async function parse(body: Buffer, cuts: readonly number[], fast: boolean): Promise<string> {
  const parser = new MultipartParser();
  parser.initWithBoundary(BOUNDARY);
  if (fast) fastenBodies(parser);
  const out: string[] = [];
  let data: Buffer[] = [];
  const flush = (): void => {
    if (data.length > 0) out.push(`data:${Buffer.concat(data).toString('latin1')}`);
    data = [];
  };
  parser.on('data', (e: unknown) => {
    if (!isParserEvent(e)) return;
    if (e.name === 'partData' && e.buffer) { data.push(Buffer.from(e.buffer.subarray(e.start, e.end))); return; }
    flush();
    out.push(e.buffer ? `${e.name}:${e.buffer.toString('latin1', e.start, e.end)}` : e.name);
  });
  const ended = new Promise<string>((resolve) => {
    parser.on('error', (e: Error) => resolve(`error ${e.message}`));
    parser.on('finish', () => resolve('finished'));
  });
  let at = 0;
  for (const cut of [...cuts, body.length]) {
    parser.write(body.subarray(at, cut));
    at = cut;
  }
  parser.end();
  const how = await ended;
  flush();
  return `${out.join('\n')}\n${how}`;
}

/** Bytes that look like pieces of the boundary: CR, LF, dashes, its digits, whole and partial boundaries. */
function randomBody(seed: number): Buffer {
  let x = seed;
  const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  const pieces = ['\r', '\n', '\r\n', '-', '--', '0', '1a', ',', '2026-11-25T07:58:35.000000Z,', 'BTC-USD,buy,', '12345.678,'];
  const partBody = (): string => {
    let s = '';
    for (let n = rnd(300); n > 0; n--) {
      const r = rnd(20);
      if (r === 0) s += `\r\n--${BOUNDARY.slice(0, rnd(BOUNDARY.length))}`;
      else if (r === 1) s += `\r\n--${BOUNDARY}x`;
      else s += pieces[rnd(pieces.length)];
    }
    return s;
  };
  let body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n${partBody()}`;
  body += `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="t.csv"\r\n\r\n${partBody()}`;
  const end = rnd(4);
  body += end === 0 ? '' : end === 1 ? `\r\n--${BOUNDARY}--\r\n` : end === 2 ? `\r\n--${BOUNDARY}` : `\r\n--${BOUNDARY}--`;
  return Buffer.from(body, 'latin1');
}

test('part bodies split at random give the same parts as formidable alone', async () => {
  for (let seed = 1; seed <= 300; seed++) {
    const body = randomBody(seed);
    let x = seed * 7919;
    const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
    const cuts: number[] = [];
    for (let at = rnd(40); at < body.length; at += 1 + rnd(seed % 3 === 0 ? 8 : 200)) cuts.push(at);
    assert.equal(await parse(body, cuts, true), await parse(body, cuts, false), `seed ${seed}`);
  }
});

test('a whole body in one chunk and one byte at a time', async () => {
  const body = randomBody(4242);
  assert.equal(await parse(body, [], true), await parse(body, [], false));
  const bytes = Array.from({ length: body.length - 1 }, (_, i) => i + 1);
  assert.equal(await parse(body, bytes, true), await parse(body, bytes, false));
});
