/**
 * Parameter fuzzing for the features: every byte 0x00..0xFF alone, then seeded random byte strings, as the
 * (percent-encoded) value of each parameter of a request. Answers come back over a few kept-alive
 * connections, so a mis-framed answer also breaks the next request on its connection.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

export interface FuzzAnswer {
  readonly param: string;
  readonly value: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export interface FuzzTarget {
  readonly port: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Parameters sent with a plain value besides the fuzzed one (e.g. a valid `query`). */
  readonly base: Readonly<Record<string, string>>;
  readonly body?: { readonly contentType: string; readonly bytes: Buffer };
}

/** xorshift32: the same strings on every run. */
function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

export function fuzzValues(randomCount: number, seed = 20250101): string[] {
  const values: string[] = [];
  for (let b = 0; b < 256; b++) values.push(`%${b.toString(16).padStart(2, '0')}`);
  const next = random(seed);
  for (let i = 0; i < randomCount; i++) {
    const length = 1 + Math.floor(next() * 24);
    let v = '';
    for (let k = 0; k < length; k++) v += `%${Math.floor(next() * 256).toString(16).padStart(2, '0')}`;
    values.push(v);
  }
  return values;
}

function send(agent: Agent, target: FuzzTarget, query: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (target.body) {
      headers['Content-Type'] = target.body.contentType;
      headers['Content-Length'] = String(target.body.bytes.length);
    }
    const req = request({ host: '127.0.0.1', port: target.port, method: target.method, path: `${target.path}?${query}`, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${target.path}?${query}`)));
    req.on('error', reject);
    req.end(target.body?.bytes);
  });
}

/** Sends every value in every parameter; returns every answer (a transport error fails the run). */
export async function fuzzParameters(target: FuzzTarget, params: readonly string[], values: readonly string[], connections = 4): Promise<FuzzAnswer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const jobs: { param: string; value: string }[] = [];
  for (const param of params) for (const value of values) jobs.push({ param, value });
  const answers: FuzzAnswer[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const base = Object.entries(target.base).filter(([k]) => k !== job.param).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
      const query = [...base, `${job.param}=${job.value}`].join('&');
      const answer = await send(agent, target, query);
      answers.push({ ...job, ...answer });
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, lane));
  } finally {
    agent.destroy();
  }
  return answers;
}

/** Sends `head` (request line and headers, CRLF-terminated) raw and resolves with the status line, or '' if closed unanswered. */
function rawStatus(port: number, head: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(head));
    let received = '';
    socket.on('data', (c: Buffer) => {
      received += c.toString('latin1');
      const eol = received.indexOf('\r\n');
      if (eol >= 0) { socket.destroy(); resolve(received.slice(0, eol)); }
    });
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received.split('\r\n')[0]));
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

/**
 * Every byte 0x00..0xFF except CR and LF (they end the line) inside the value of each header; returns
 * `header byte → status line` for every answer.
 */
export async function fuzzHeaderValues(port: number, requestLine: string, headers: readonly string[], connections = 8): Promise<string[]> {
  const jobs: { header: string; byte: number }[] = [];
  for (const header of headers) for (let b = 0; b < 256; b++) if (b !== 0x0a && b !== 0x0d) jobs.push({ header, byte: b });
  const answers: string[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const { header, byte } = jobs[next++];
      const head = Buffer.concat([
        Buffer.from(`${requestLine}\r\nHost: x\r\n${header}: a`, 'latin1'), Buffer.from([byte]), Buffer.from('b\r\nConnection: close\r\n\r\n', 'latin1'),
      ]);
      answers.push(`${header} 0x${byte.toString(16)} → ${await rawStatus(port, head)}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  return answers;
}
