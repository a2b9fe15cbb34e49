/**
 * POST /imp: streams the multipart upload into a table and answers
 * with the tabular grid or the JSON result. Request-level failures answer HTTP 200 with the bare message
 * (or `{"status":"<message>"}` with `fmt=json`) and close the connection. A client that goes
 * away mid-upload leaves nothing behind: the writer is closed without commit, which rolls back.
 */
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_CONTEXT_IMPORT, HTTP_IMPORT_PARSE_WORKERS, HTTP_TEXT_ANALYSIS_MAX_LINES, HTTP_TEXT_DELIMITER_STDDEV, HTTP_TEXT_LINE_LENGTH_STDDEV,
} from '../../core/config/server-keys';
import { errorMessage, isSvcError, SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { ImportFormat } from '../../core/extension/import-format';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Log, LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ErrorResponder } from '../../core/server/error-responder';
import { ReadOnlyGuard } from '../../core/server/read-only-guard';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { cleanTableName } from '../import-delimited/column-names';
import { ImportParams, parseImportParams, wantsJson } from './import-params';
import { ImportResult, renderFailure, renderJson, renderTabular } from './import-result';
import { parseSchema, SchemaEntry } from './import-schema';
import { ImportSession } from './import-session';
import { readUpload } from './multipart-upload';

@injectable()
export class ImportRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['POST'];
  private readonly log: Log;
  private readonly maxLines: number;
  private readonly maxDelimiterStdDev: number;
  private readonly maxLineLengthStdDev: number;
  private readonly parseWorkers: number;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @injectAll(StorageEngine, { isOptional: true }) private readonly engines: StorageEngine[],
    @injectAll(ImportFormat, { isOptional: true }) private readonly formats: ImportFormat[],
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(ReadOnlyGuard) private readonly readOnly: ReadOnlyGuard,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.path = config.get(HTTP_CONTEXT_IMPORT) ?? '/imp';
    this.maxLines = config.get(HTTP_TEXT_ANALYSIS_MAX_LINES);
    this.maxDelimiterStdDev = config.get(HTTP_TEXT_DELIMITER_STDDEV);
    this.maxLineLengthStdDev = config.get(HTTP_TEXT_LINE_LENGTH_STDDEV);
    this.parseWorkers = config.get(HTTP_IMPORT_PARSE_WORKERS);
    this.log = logs.create('http-imp');
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const json = wantsJson(exchange.params);
    const started = performance.now();
    let session: ImportSession | undefined;
    try {
      // http.security.readonly: refused before any part is read.
      this.readOnly.assertWritable();
      const params = parseImportParams(exchange.params);
      const engine = this.engines[0];
      // The last registration wins: a user plugin declaring `replaces: 'delimited'` loads after the built-in.
      const format = [...this.formats].reverse().find((f) => f.name === 'delimited') ?? this.formats[0];
      if (!engine || !format) throw new Error('/imp needs a StorageEngine and an ImportFormat plugin');
      let schema: SchemaEntry[] = [];
      await readUpload(exchange.req, {
        schema: (text) => { schema = parseSchema(text); },
        begin: (filename) => { session = this.createSession(engine, format, params, schema, filename, exchange.signal); },
        data: async (chunk) => { await session?.write(chunk); },
        end: async () => { await session?.end(); },
      });
      if (!session) throw SvcError.badRequest("no 'data' part in the request");
      const result = await session.commit();
      this.metrics.importedRows += result.rowsImported;
      this.succeed(exchange, result, params, performance.now() - started);
    } catch (e) {
      this.fail(exchange, e, json);
    } finally {
      await session?.close().catch((e: unknown) => this.responder.unhandled('imp writer close', e));
    }
  }

  private createSession(engine: StorageEngine, format: ImportFormat, params: ImportParams, schema: readonly SchemaEntry[],
    filename: string | undefined, signal: AbortSignal): ImportSession {
    const raw = params.name ?? filename;
    if (raw === undefined || raw === '') throw SvcError.badRequest('no file name given');
    // the removal list applies to names from `name` and from the file name alike.
    const table = cleanTableName(raw);
    if (table === '') throw SvcError.badRequest(`invalid table name [name=${raw}]`);
    return new ImportSession({
      engine, format, params, table, schema, signal, parseWorkers: this.parseWorkers,
      maxLines: this.maxLines, maxDelimiterStdDev: this.maxDelimiterStdDev, maxLineLengthStdDev: this.maxLineLengthStdDev,
    });
  }

  private succeed(exchange: HttpExchange, result: ImportResult, params: ImportParams, millis: number): void {
    this.log.info(`imported [table=${result.location}, rows=${result.rowsImported}, rejected=${result.rowsHandled - result.rowsImported}, ms=${millis.toFixed(0)}]`);
    if (params.json) this.framing.send(exchange.res, 200, CONTENT_TYPE.json, renderJson(result));
    else this.framing.send(exchange.res, 200, CONTENT_TYPE.text, renderTabular(result));
  }

  /** 200 with the message for every request-level failure; anything unexpected is a 500 via the responder. */
  private fail(exchange: HttpExchange, e: unknown, json: boolean): void {
    const { res } = exchange;
    if (exchange.signal.aborted || res.destroyed) {
      this.log.info(`import abandoned by the client, rolled back [${errorMessage(e)}]`);
      return;
    }
    if (!isSvcError(e) || e.statusCode >= 500) {
      this.responder.fail(exchange, e);
      return;
    }
    this.log.error(`import failed [${e.message}]`);
    // Request-level failures are 200 as QuestDB answers them; a refused write keeps its 403.
    this.framing.send(res, e.statusCode === 403 ? 403 : 200, json ? CONTENT_TYPE.json : CONTENT_TYPE.text, renderFailure(e.message, json),
      { headers: [['Connection', 'close']] });
  }
}
