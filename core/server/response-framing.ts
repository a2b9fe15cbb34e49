/**
 * Writes response heads the way QuestDB frames them: headers in the order Server, Date,
 * Transfer-Encoding|Content-Length, Content-Type, [extra], Keep-Alive, then svc's own (X-Svc-Query-Id, CORS,
 * Content-Encoding, Vary); fixed reason phrases; `Connection: close` when keep-alive is off. Routes never
 * call `res.send`.
 */
import { ServerResponse } from 'node:http';
import { pipeline, Transform, Writable } from 'node:stream';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import {
  HTTP_CORS_ALLOW_CREDENTIALS, HTTP_CORS_ALLOWED_ORIGINS, HTTP_CORS_MAX_AGE, HTTP_KEEP_ALIVE_MAX, HTTP_KEEP_ALIVE_TIMEOUT,
  HTTP_RESPONSE_COMPRESSION, HTTP_SERVER_KEEP_ALIVE,
} from '../config/server-keys';
import { ContentCoding } from './content-coding';
import { createEncoder, negotiateEncoding } from './content-encoding';
import { CorsPolicy, CorsSettings } from './cors-policy';
import type { ErrorAnswer } from './error-shape';
import { httpDate } from './http-date';

export const SERVER_HEADER = 'svc/1.0';

export const CONTENT_TYPE = Object.freeze({
  json: 'application/json; charset=utf-8',
  jsonNoCharset: 'application/json',
  text: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  health: 'text/plain',
  metrics: 'text/plain; version=0.0.4; charset=utf-8',
});

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK', 204: 'OK', 206: 'Partial content', 301: 'Moved Permanently', 304: 'Not Modified',
  400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method not allowed', 408: 'Request timeout',
  409: 'Conflict', 413: 'Request entity too large', 415: 'Unsupported media type', 416: 'Request range not satisfiable',
  431: 'Headers too large', 500: 'Internal server error', 503: 'Service unavailable',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Unknown';
}

/**
 * A whole text/plain answer as bytes for a raw socket, for connections no ServerResponse serves (a turned-away
 * connection, a request Node's parser rejected): same head order, Content-Length, `Connection: close`.
 */
export function rawTextAnswer(status: number, body: string): string {
  return `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nServer: ${SERVER_HEADER}\r\nDate: ${httpDate()}\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${CONTENT_TYPE.text}\r\nConnection: close\r\n\r\n${body}`;
}

export interface ResponseHead {
  readonly status: number;
  readonly contentType?: string;
  /** Fixed body length; without it the body is chunked. */
  readonly contentLength?: number;
  /** Adds `Keep-Alive: timeout=…, max=…` (only /exec, /exp, /chk json in QuestDB). */
  readonly keepAliveHeader?: boolean;
  readonly headers?: readonly (readonly [string, string])[];
  /** Adds `Connection: close`: the connection ends with this response (the request body may be unread). */
  readonly closeConnection?: boolean;
  /**
   * Headers svc adds beyond QuestDB's answers (`X-Svc-Query-Id`); written after Keep-Alive, as are the CORS
   * and compression headers, so QuestDB's header order stays a prefix clients may rely on.
   */
  readonly svcHeaders?: readonly (readonly [string, string])[];
  /**
   * A streamed text body that may be compressed: the coding comes from the request's Accept-Encoding and
   * `http.response.compression`; `begin` then returns the encoder to write the body into.
   */
  readonly compressible?: boolean;
}

/** What Node accepts in a header value (RFC 7230 field-value: TAB, visible ASCII, obs-text). */
const VALID_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The configuration framing depends on, as plain data (the min listener's worker builds its own framing). */
export interface FramingSettings {
  readonly keepAlive: boolean;
  readonly keepAliveTimeout: number;
  readonly keepAliveMax: number;
  /** CORS (API listener only; absent = no CORS headers). */
  readonly cors?: CorsSettings;
  /** Content codings offered for compressible bodies, in preference order. */
  readonly compression?: readonly ContentCoding[];
}

export function framingSettings(config: ServerConfig): FramingSettings {
  return {
    keepAlive: config.get(HTTP_SERVER_KEEP_ALIVE),
    keepAliveTimeout: config.get(HTTP_KEEP_ALIVE_TIMEOUT),
    keepAliveMax: config.get(HTTP_KEEP_ALIVE_MAX),
    cors: {
      allowedOrigins: config.get(HTTP_CORS_ALLOWED_ORIGINS),
      allowCredentials: config.get(HTTP_CORS_ALLOW_CREDENTIALS),
      maxAgeSeconds: config.get(HTTP_CORS_MAX_AGE),
    },
    compression: config.get(HTTP_RESPONSE_COMPRESSION),
  };
}

@injectable()
export class ResponseFraming {
  private readonly keepAliveValue: string | undefined;
  private readonly keepAlive: boolean;
  private readonly compression: readonly ContentCoding[];
  /** Cross-origin rules of this listener (core/server/cors-policy.ts); disabled when no origin is allowed. */
  readonly cors: CorsPolicy;

  constructor(@inject(ServerConfig) config: ServerConfig | FramingSettings) {
    const s = config instanceof ServerConfig ? framingSettings(config) : config;
    const timeout = s.keepAliveTimeout;
    const max = s.keepAliveMax;
    this.keepAlive = s.keepAlive;
    this.keepAliveValue = timeout > 0 && max > 0 ? `timeout=${timeout}, max=${max}` : undefined;
    this.cors = new CorsPolicy(s.cors ?? { allowedOrigins: [], allowCredentials: false, maxAgeSeconds: 0 });
    this.compression = s.compression ?? [];
  }

  /**
   * Writes the status line and headers (with the CORS headers an allowed `Origin` gets) and returns where the
   * body goes: the response itself, or for a `compressible` head whose client accepts one of the offered
   * codings, an encoder piped into it (write and end the returned stream, never `res`, then). Every value is
   * checked first: Node's writeHead validates as it goes and, throwing halfway, leaves the response
   * half-configured (a later answer would be mis-framed), so a bad value throws here with nothing written and
   * the caller can still answer cleanly.
   */
  begin(res: ServerResponse, head: ResponseHead): Writable {
    res.sendDate = false;
    const headers: [string, string][] = [['Server', SERVER_HEADER], ['Date', httpDate()]];
    if (head.contentLength !== undefined) headers.push(['Content-Length', String(head.contentLength)]);
    else if (head.status !== 204 && head.status !== 304) headers.push(['Transfer-Encoding', 'chunked']);
    if (head.contentType !== undefined) headers.push(['Content-Type', head.contentType]);
    if (head.headers) for (const [k, v] of head.headers) headers.push([k, v]);
    if (!this.keepAlive || head.closeConnection) headers.push(['Connection', 'close']);
    else if (head.keepAliveHeader && this.keepAliveValue !== undefined) headers.push(['Keep-Alive', this.keepAliveValue]);
    if (head.svcHeaders) for (const [k, v] of head.svcHeaders) headers.push([k, v]);
    const vary: string[] = [];
    for (const [k, v] of this.cors.responseHeaders(res.req)) {
      if (k === 'Vary') vary.push(v);
      else headers.push([k, v]);
    }
    let coding: ContentCoding | undefined;
    if (head.compressible && this.compression.length > 0 && res.req?.method !== 'HEAD') {
      vary.push('Accept-Encoding');
      coding = negotiateEncoding(res.req?.headers['accept-encoding'], this.compression);
      if (coding !== undefined) headers.push(['Content-Encoding', coding]);
    }
    if (vary.length > 0) headers.push(['Vary', vary.join(', ')]);
    for (const [name, value] of headers) {
      if (!VALID_HEADER_VALUE.test(value)) throw new Error(`invalid character in the value of response header ${name}`);
    }
    res.writeHead(head.status, reasonPhrase(head.status), headers.flat());
    if (coding === undefined) return res;
    const encoder: Transform = createEncoder(coding);
    // The encoder ends the response when it is ended; a response that closes early destroys the encoder.
    pipeline(encoder, res, () => undefined);
    return encoder;
  }

  /** A whole small body with Content-Length. HEAD requests get the head only. */
  send(res: ServerResponse, status: number, contentType: string, body: string | Uint8Array,
    extra: Omit<ResponseHead, 'status' | 'contentType' | 'contentLength'> = {}): void {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.begin(res, { ...extra, status, contentType, contentLength: bytes.length });
    if (res.req?.method === 'HEAD') res.end();
    else res.end(bytes);
  }

  /** A small body sent chunked (health, 401), as QuestDB does. */
  sendChunked(res: ServerResponse, status: number, contentType: string, body: string,
    extra: Omit<ResponseHead, 'status' | 'contentType' | 'contentLength'> = {}): void {
    this.begin(res, { ...extra, status, contentType });
    if (res.req?.method === 'HEAD') res.end();
    else res.end(body);
  }

  sendJson(res: ServerResponse, status: number, json: string, keepAliveHeader = true): void {
    this.send(res, status, CONTENT_TYPE.json, json, { keepAliveHeader });
  }

  /**
   * Writes an error answer whole, with Content-Length: every error response of both listeners goes through
   * here. Once the head is out (or the socket gone) nothing can be framed any more, so the connection is
   * closed; a head that cannot be written closes it too. Returns false when the connection was closed.
   */
  sendError(res: ServerResponse, answer: ErrorAnswer): boolean {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return false;
    }
    try {
      this.send(res, answer.status, answer.contentType, answer.body, {
        keepAliveHeader: answer.keepAliveHeader, closeConnection: answer.close, headers: answer.headers,
      });
      return true;
    } catch {
      res.destroy();
      return false;
    }
  }
}
