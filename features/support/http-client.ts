/** A raw HTTP client for the features: keeps header order, reason phrase and the exact body bytes. */
import { Agent, request } from 'node:http';

export interface HttpResult {
  readonly status: number;
  readonly reason: string;
  /** [name, value] pairs in wire order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  readonly millis: number;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: Buffer | string;
  readonly timeoutMs?: number;
  /** A keep-alive agent to reuse connections (default: a new connection per request). */
  readonly agent?: Agent;
}

export function httpRequest(host: string, port: number, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '', headers, body: Buffer.concat(chunks), millis: performance.now() - t0 });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function header(result: HttpResult, name: string): string | undefined {
  const lower = name.toLowerCase();
  return result.headers.find(([k]) => k.toLowerCase() === lower)?.[1];
}
