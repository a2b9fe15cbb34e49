/**
 * GET/HEAD /exp: compiles the query, checks every format option
 * before the first byte, then streams the format's chunks with back-pressure. Errors before the first
 * chunk are 400 `{query,error,position}`; an error after the head was sent closes the connection.
 */
import { Writable } from 'node:stream';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_CONTEXT_EXPORT, HTTP_EXPORT_TIMEOUT, HTTP_PROGRESS_LOG_INTERVAL, QUERY_TIMEOUT } from '../../core/config/server-keys';
import { SvcError } from '../../core/errors';
import { ExportFormat } from '../../core/extension/export-format';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { Log, LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ErrorShape } from '../../core/server/error-shape';
import { ProgressLog } from '../../core/server/progress-log';
import { ResponseFraming, ResponseHead } from '../../core/server/response-framing';
import { QUERY_ID_HEADER, RunningQueries } from '../../core/server/running-queries';
import { QueryEngine } from '../../core/sql/query-engine';
import { queryErrorShape } from '../http-exec/exec-bodies';
import { socketFd } from '../http-exec/socket-fd';
import { Aborted, raceAbort } from './abort-race';
import { contentDisposition } from './content-disposition';
import { parseExportLimit } from './export-limit';
import { QueryDeadline } from './query-deadline';

/** The longest delay setTimeout takes (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

@injectable()
export class ExportRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  private readonly formats = new Map<string, ExportFormat>();
  private readonly queryTimeoutMs: number;
  private readonly exportTimeoutMs: number;
  private readonly progressMs: number;
  private readonly log: Log;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @injectAll(ExportFormat, { isOptional: true }) formats: ExportFormat[],
    @injectAll(QueryEngine, { isOptional: true }) private readonly engines: QueryEngine[],
    @inject(LogFactory) logs: LogFactory,
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(RunningQueries) private readonly running: RunningQueries,
  ) {
    this.path = config.get(HTTP_CONTEXT_EXPORT) ?? '/exp';
    for (const f of formats) this.formats.set(f.fmt, f);
    this.queryTimeoutMs = config.get(QUERY_TIMEOUT);
    this.exportTimeoutMs = config.get(HTTP_EXPORT_TIMEOUT);
    this.progressMs = config.get(HTTP_PROGRESS_LOG_INTERVAL);
    this.log = logs.create('http-exp');
  }

  /** Errors before the head are `{query,error,position}` with their status; after it the connection closes. */
  readonly errorShape = (exchange: HttpExchange): ErrorShape => queryErrorShape(exchange.params.get('query') ?? '');

  async handle(exchange: HttpExchange): Promise<void> {
    try {
      await this.export(exchange, exchange.params.get('query') ?? '');
    } catch (e) {
      this.metrics.queryErrors++;
      throw e;
    }
  }

  private async export(exchange: HttpExchange, query: string): Promise<void> {
    const { params, res, signal: clientSignal } = exchange;
    if (query.trim() === '') throw SvcError.sql(0, 'No query text');
    const fmtText = params.get('fmt') ?? 'csv';
    // `fmt` is case-insensitive (`fmt=PARQUET`), as QuestDB reads it.
    const fmt = fmtText.toLowerCase();
    const format = this.formats.get(fmt);
    if (!format) throw SvcError.sql(0, `unrecognised format [format=${fmtText}]`);
    const options = format.parseOptions(params);
    const timeoutMs = this.timeoutMs(params.get('timeout'), fmt);
    const engine = this.engines[0];
    if (!engine) throw new SvcError('no SQL engine plugin is loaded', 500);
    const compiled = engine.compile(query);
    if (compiled.kind !== 'select') throw SvcError.sql(0, '/exp endpoint only accepts SELECT');
    const queryId = RunningQueries.parseId(params.get('query_id'));
    if (exchange.req.method === 'HEAD') {
      this.framing.begin(res, this.head(format, params, queryId));
      res.end();
      return;
    }
    const deadline = new QueryDeadline(clientSignal, timeoutMs);
    let running;
    try {
      running = this.running.start(queryId, 'exp', query, (reason) => deadline.cancel(reason));
    } catch (e) {
      deadline.dispose();
      throw e;
    }
    const head = this.head(format, params, running.id);
    const signal = deadline.signal;
    const progress = new ProgressLog(this.log, this.progressMs, () =>
      `exp progress [query_id=${running.id}, fmt=${fmt}, rowsScanned=${running.rowsScanned}, bytes=${bytes}]`);
    const timedOut = (): SvcError => {
      const runtime = Number((process.hrtime.bigint() - exchange.startNanos) / 1_000_000n);
      return new SvcError(`timeout, query aborted [fd=${socketFd(exchange.req)}, runtime=${runtime}ms, timeout=${timeoutMs}ms]`, 400, 0);
    };
    let chunks: AsyncIterator<Uint8Array | string> | undefined;
    let next: IteratorResult<Uint8Array | string> = { done: true, value: undefined };
    let bytes = 0;
    let body: Writable = res;
    try {
      const outcome = await raceAbort(compiled.execute({
        signal, deadline: deadline.deadlineAt, window: parseExportLimit(params.get('limit')), progress: running,
      }), signal);
      if (outcome.kind !== 'rows') throw SvcError.sql(0, '/exp endpoint only accepts SELECT');
      chunks = format.serialize(outcome.result, options, signal)[Symbol.asyncIterator]();
      // Pull the first chunk before the head, so option and query errors found while starting are a 400.
      next = await raceAbort(chunks.next(), signal);
      deadline.check();
      body = this.framing.begin(res, head);
      while (!next.done) {
        const chunk = next.value;
        bytes += chunk.length;
        if (!body.write(chunk)) await drained(body, signal);
        next = await raceAbort(chunks.next(), signal);
        // Out of time with rows still to come; a format that ended because the signal fired is cut short too.
        if (!next.done || signal.aborted) deadline.check();
      }
    } catch (e) {
      if (deadline.cancelled) throw deadline.cancelled;
      if (!(e instanceof Aborted) && !deadline.expired) throw e;
      if (deadline.clientGone) { res.destroy(); return; }
      throw timedOut();
    } finally {
      deadline.dispose();
      progress.dispose();
      this.running.end(running);
      // Releases the query's readers; queued behind a pending step, so it is not awaited.
      if (chunks && !next.done) chunks.return?.().catch(() => undefined);
    }
    body.end();
    this.log.info(`exp [fmt=${fmt}, bytes=${bytes}, query_id=${running.id}] ${query}`);
  }

  private head(format: ExportFormat, params: URLSearchParams, queryId: string | undefined): ResponseHead {
    const headers: [string, string][] = [['Content-Disposition', contentDisposition(params.get('filename'), format.extension, Date.now())]];
    const svcHeaders: [string, string][] = queryId === undefined ? [] : [[QUERY_ID_HEADER, queryId]];
    return { status: 200, contentType: format.contentType, keepAliveHeader: true, headers, svcHeaders, compressible: format.compressible === true };
  }

  /**
   * `timeout` in seconds; absent, ≤ 0 or not a number → the format's default, as QuestDB
   * ignores a `timeout` it cannot parse. Capped at ~24.8 days, the longest timer Node can set.
   */
  private timeoutMs(text: string | null, fmt: string): number {
    const fallback = fmt === 'parquet' ? this.exportTimeoutMs : this.queryTimeoutMs;
    if (text === null || !/^\s*\d{1,15}(\.\d+)?\s*$/.test(text)) return fallback;
    const seconds = Number(text);
    return seconds <= 0 ? fallback : Math.min(MAX_TIMER_MS, Math.ceil(seconds * 1000));
  }
}

function drained(res: Writable, signal: AbortSignal): Promise<void> {
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
