/**
 * The web console's files at `http.context.web.console` (default `/`): every path no other API route
 * claims. GET and HEAD read a file through StaticFiles; other methods and missing files answer 404
 * `Not Found` as before. Answers carry an ETag (304 for `If-None-Match`/`If-Modified-Since`), byte ranges
 * (206, 416), the bundle's gzip copies for clients that accept gzip, and Cache-Control by CachePolicy.
 * Access is checked here (StaticAccess) after the file is found, so unknown paths stay 404 without
 * credentials.
 */
import { createReadStream } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { httpDate } from '../../core/server/http-date';
import { byteRange } from './byte-range';
import { cacheControlFor } from './cache-policy';
import { ContentTypes } from './content-types';
import { contentTag, fileTag, matchesIfNoneMatch } from './entity-tag';
import { StaticAccess } from './static-access';
import { StaticEntity, StaticFiles } from './static-files';

type Headers = [string, string][];

/** Headers of the bundled index page: the app loads only its own scripts and talks only to its server. */
const PAGE_POLICY: Headers = [
  ['Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"],
  ['Referrer-Policy', 'no-referrer'],
];

export interface StaticContentOptions {
  /** `http.context.web.console`, normalised to start with `/`. */
  readonly context: string;
  readonly files: StaticFiles;
  readonly access: StaticAccess;
  readonly contentTypes: ContentTypes;
}

export class StaticContentRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path = '*';
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
  /** Checked by the route itself, after the file is found (StaticAccess). */
  readonly requiresAuth = false;

  constructor(private readonly options: StaticContentOptions, private readonly framing: ResponseFraming) {}

  async handle({ req, res, path }: HttpExchange): Promise<void> {
    const { context, files, access } = this.options;
    const below = belowContext(context, path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || below === undefined) return this.notFound(res);
    if (below === null) {
      // `/console` → `/console/`, so the page's relative links resolve below the context.
      this.framing.send(res, 301, CONTENT_TYPE.text, '', { headers: [['Location', `${context}/`]] });
      return;
    }
    const entity = await files.resolve(below);
    if (!entity) return this.notFound(res);
    if (!access.allows(req)) {
      this.framing.sendChunked(res, 401, CONTENT_TYPE.text, 'Unauthorized\r\n', { headers: access.challenge() });
      return;
    }
    await this.serve(req, res, entity);
  }

  private notFound(res: ServerResponse): void {
    this.framing.send(res, 404, CONTENT_TYPE.text, 'Not Found\r\n');
  }

  private async serve(req: IncomingMessage, res: ServerResponse, entity: StaticEntity): Promise<void> {
    const tag = entity.kind === 'file' ? fileTag(entity.size, entity.mtimeMs) : contentTag(entity.body);
    const headers: Headers = [
      ['ETag', tag], ['Last-Modified', httpDate(entity.mtimeMs)], ['Cache-Control', cacheControlFor(entity.relativePath)],
      ['X-Content-Type-Options', 'nosniff'],
    ];
    if (entity.kind === 'memory') headers.push(...PAGE_POLICY);
    if (entity.kind === 'file' && entity.gzipPath !== undefined) headers.push(['Vary', 'Accept-Encoding']);
    if (notModified(req, tag, entity.mtimeMs)) {
      this.framing.begin(res, { status: 304, headers });
      res.end();
      return;
    }
    const contentType = this.options.contentTypes.of(entity.relativePath);
    if (entity.kind === 'memory') {
      this.framing.send(res, 200, contentType, entity.body, { headers });
      return;
    }
    headers.push(['Accept-Ranges', 'bytes']);
    const ifRange = req.headers['if-range'];
    const range = ifRange === undefined || ifRange === tag ? byteRange(req.headers.range, entity.size) : { kind: 'whole' as const };
    if (range.kind === 'unsatisfiable') {
      this.framing.send(res, 416, CONTENT_TYPE.text, '', { headers: [...headers, ['Content-Range', `bytes */${entity.size}`]] });
      return;
    }
    let path = entity.path;
    let start = 0;
    let end = entity.size - 1;
    let status = 200;
    if (range.kind === 'partial') {
      ({ start, end } = range);
      status = 206;
      headers.push(['Content-Range', `bytes ${start}-${end}/${entity.size}`]);
    } else if (entity.gzipPath !== undefined && entity.gzipSize !== undefined && acceptsGzip(req)) {
      path = entity.gzipPath;
      end = entity.gzipSize - 1;
      headers.push(['Content-Encoding', 'gzip']);
    }
    this.framing.begin(res, { status, contentType, contentLength: end - start + 1, headers });
    if (req.method === 'HEAD' || end < start) {
      res.end();
      return;
    }
    await pipeline(createReadStream(path, { start, end }), res);
  }
}

/** The path below the context; null when it is the context itself without its trailing `/`; else undefined. */
export function belowContext(context: string, path: string): string | undefined | null {
  if (context === '/') return path;
  if (path === context) return null;
  return path.startsWith(`${context}/`) ? path.slice(context.length) : undefined;
}

function notModified(req: IncomingMessage, tag: string, mtimeMs: number): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesIfNoneMatch(ifNoneMatch, tag);
  const since = req.headers['if-modified-since'];
  if (since === undefined) return false;
  const t = Date.parse(since);
  return Number.isFinite(t) && Math.floor(mtimeMs / 1000) * 1000 <= t;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers['accept-encoding'];
  if (typeof accept !== 'string') return false;
  return accept.split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}
