/**
 * GET/HEAD /exp: compiles the query, checks every format option
 * before the first byte, then streams the format's chunks with back-pressure. Errors before the first
 * chunk are 400 `{query,error,position}`; an error after the head was sent closes the connection.
 */
import { ServerResponse } from 'node:http';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_CONTEXT_EXPORT, HTTP_EXPORT_TIMEOUT, QUERY_TIMEOUT } from '../../core/config/server-keys';
import { errorMessage, isSvcError, SvcError } from '../../core/errors';
import { ExportFormat } from '../../core/extension/export-format';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { Log, LogFactory } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { ResponseFraming } from '../../core/server/response-framing';
import { QueryEngine } from '../../core/sql/query-engine';
import { Aborted, raceAbort } from './abort-race';
import { contentDisposition } from './content-disposition';
import { parseExportLimit } from './export-limit';
import { QueryDeadline } from './query-deadline';

/** A 400 answered as `{query,error,position}`. */
class ExportRejection extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
  }
}

@injectable()
export class ExportRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  private readonly formats = new Map<string, ExportFormat>();
  private readonly queryTimeoutMs: number;
  private readonly exportTimeoutMs: number;
  private readonly log: Log;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @injectAll(ExportFormat, { isOptional: true }) formats: ExportFormat[],
    @injectAll(QueryEngine, { isOptional: true }) private readonly engines: QueryEngine[],
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.path = config.get(HTTP_CONTEXT_EXPORT) ?? '/exp';
    for (const f of formats) this.formats.set(f.fmt, f);
    this.queryTimeoutMs = config.get(QUERY_TIMEOUT);
    this.exportTimeoutMs = config.get(HTTP_EXPORT_TIMEOUT);
    this.log = logs.create('http-exp');
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const query = exchange.params.get('query') ?? '';
    try {
      await this.export(exchange, query);
    } catch (e) {
      if (exchange.res.headersSent) {
        // The status line is gone: the only honest signal left is closing the connection.
        this.log.error(`export failed after data was sent [error=${errorMessage(e)}]`);
        exchange.res.destroy();
        if (!isSvcError(e)) this.responder.unhandled('GET /exp', e);
        return;
      }
      if (e instanceof ExportRejection || (isSvcError(e) && e.statusCode < 500)) {
        const position = e instanceof ExportRejection ? e.position : (e.position ?? 0);
        this.log.error(`exp 400 ${e.message} [query=${query}]`);
        this.framing.sendJson(exchange.res, 400, JSON.stringify({ query, error: e.message, position }));
        return;
      }
      throw e;
    }
  }

  private async export(exchange: HttpExchange, query: string): Promise<void> {
    const { params, res, signal: clientSignal } = exchange;
    if (query.trim() === '') throw new ExportRejection('No query text', 0);
    const fmt = params.get('fmt') ?? 'csv';
    const format = this.formats.get(fmt);
    if (!format) throw new ExportRejection(`unrecognised format [format=${fmt}]`, 0);
    const options = format.parseOptions(params);
    const timeoutMs = this.timeoutMs(params.get('timeout'), fmt);
    const engine = this.engines[0];
    if (!engine) throw new SvcError('no SQL engine plugin is loaded', 500);
    const compiled = engine.compile(query);
    if (compiled.kind !== 'select') throw new ExportRejection('/exp endpoint only accepts SELECT', 0);
    const head = {
      status: 200, contentType: format.contentType, keepAliveHeader: true,
      headers: [['Content-Disposition', contentDisposition(params.get('filename'), format.extension, Date.now())]] as const,
    };
    if (exchange.req.method === 'HEAD') {
      this.framing.begin(res, head);
      res.end();
      return;
    }
    const deadline = new QueryDeadline(clientSignal, timeoutMs);
    const signal = deadline.signal;
    const timedOut = (): SvcError => new SvcError(`timeout, query aborted [timeout=${timeoutMs}ms]`, 400);
    let chunks: AsyncIterator<Uint8Array | string> | undefined;
    let next: IteratorResult<Uint8Array | string> = { done: true, value: undefined };
    let bytes = 0;
    try {
      const outcome = await raceAbort(compiled.execute({ signal, deadline: deadline.deadlineAt, window: parseExportLimit(params.get('limit')) }), signal);
      if (outcome.kind !== 'rows') throw new ExportRejection('/exp endpoint only accepts SELECT', 0);
      chunks = format.serialize(outcome.result, options, signal)[Symbol.asyncIterator]();
      // Pull the first chunk before the head, so option and query errors found while starting are a 400.
      next = await raceAbort(chunks.next(), signal);
      deadline.check();
      this.framing.begin(res, head);
      while (!next.done) {
        const chunk = next.value;
        bytes += chunk.length;
        if (!res.write(chunk)) await drained(res, signal);
        next = await raceAbort(chunks.next(), signal);
        // Out of time with rows still to come; a format that ended because the signal fired is cut short too.
        if (!next.done || signal.aborted) deadline.check();
      }
    } catch (e) {
      if (!(e instanceof Aborted) && !deadline.expired) throw e;
      if (deadline.clientGone) { res.destroy(); return; }
      throw timedOut();
    } finally {
      deadline.dispose();
      // Releases the query's readers; queued behind a pending step, so it is not awaited.
      if (chunks && !next.done) chunks.return?.().catch(() => undefined);
    }
    res.end();
    this.log.info(`exp [fmt=${fmt}, bytes=${bytes}] ${query}`);
  }

  /** `timeout` in seconds; ≤ 0 or absent → the format's default. */
  private timeoutMs(text: string | null, fmt: string): number {
    const fallback = fmt === 'parquet' ? this.exportTimeoutMs : this.queryTimeoutMs;
    if (text === null || text.trim() === '') return fallback;
    const seconds = Number(text);
    if (!Number.isFinite(seconds)) throw new ExportRejection(`invalid timeout [timeout=${text}], expected seconds`, 0);
    return seconds <= 0 ? fallback : Math.ceil(seconds * 1000);
  }
}

function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done); res.off('close', done); signal.removeEventListener('abort', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
