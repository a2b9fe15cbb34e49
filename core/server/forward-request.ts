/**
 * Used by the min listener's worker: passes a request it does not answer itself (/metrics, plugin routes)
 * to the main thread's internal listener on 127.0.0.1 and copies the answer back, status line and
 * headers in their order. Hop-by-hop headers are dropped both ways; the worker's own connection
 * decides keep-alive.
 */
import { Agent, request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { HttpExchange } from '../extension/http-route';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);

export async function forwardRequest(exchange: HttpExchange, port: number, agent: Agent, keepAlive: boolean): Promise<void> {
  const { req, res } = exchange;
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(req.rawHeaders[i].toLowerCase())) headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent });
  const answered = new Promise<void>((resolve, reject) => {
    upstream.once('error', reject);
    upstream.once('response', (answer) => {
      const out: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase())) out.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      }
      if (!keepAlive) out.push('Connection', 'close');
      res.sendDate = false;
      res.writeHead(answer.statusCode ?? 500, answer.statusMessage ?? '', out);
      pipeline(answer, res).then(resolve, reject);
    });
  });
  exchange.signal.addEventListener('abort', () => upstream.destroy(), { once: true });
  try {
    await Promise.all([pipeline(req, upstream), answered]);
  } catch (e) {
    // A client that went away is not a server error: it must not count as unhandled (pessimistic health).
    if (exchange.signal.aborted) return;
    throw e;
  }
}
