/**
 * What a plugin written in plain JavaScript can use without importing the project's modules:
 * `container.resolve(Symbol.for('svc.PluginApi'))` inside `register`. Every member is listed and typed in
 * `PluginApi` below; docs/plugins.md shows them in use and the build ships these types to authors
 * (dist/types/svc-plugin.d.ts, from core/plugin-types.ts). TypeScript plugins inside the project import
 * the same things directly.
 */
import { ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram } from 'prom-client';
import { DependencyContainer } from 'tsyringe';
import { CellFormatter } from './cell-formatter';
import { ColumnType, Types, TypeTag, typeName } from './data/column-type';
import { Vector } from './data/vector';
import { VectorBuilder } from './data/vector-builder';
import { SvcError } from './errors';
import { CellForm } from './extension/cell-printer';
import { ExportFormat } from './extension/export-format';
import { HttpAuthenticator } from './extension/http-authenticator';
import { HttpRoute } from './extension/http-route';
import { ImportFormat } from './extension/import-format';
import { Lifecycle } from './extension/lifecycle';
import { LogWriterFactory } from './extension/log-writer';
import { MetricSource } from './extension/metric-source';
import { SqlFunction } from './extension/sql-function';
import { SqlGrammar } from './extension/sql-grammar';
import { StorageEngine } from './extension/storage-engine';
import { FileAppender } from './log/file-appender';
import { LogFactory } from './log/log';
import { LEVEL_MARKER, LogLevel } from './log/log-level';
import { LocationContext, resolveLogLocation } from './log/log-location';
import { VERSION } from './project';
import { ReadOnlyGuard } from './server/read-only-guard';
import { CONTENT_TYPE, ResponseFraming, ResponseHead } from './server/response-framing';
import { ServerEnvironment } from './server-tokens';
import { formatDateMillis, formatTimestampMicros } from './time/iso-timestamp';

export const PluginApiToken = Symbol.for('svc.PluginApi');

/** A class the container builds on request: `container.resolve(api.ResponseFraming)` gives a `T`. */
export type ServiceClass<T> = abstract new (...args: never[]) => T;

/** Head options of `send` and `sendChunked` besides status, content type and length. */
export type ResponseExtras = Omit<ResponseHead, 'status' | 'contentType' | 'contentLength'>;

/** How routes write responses (`ResponseFraming`): the server's header order, reason phrases and keep-alive. */
export interface ResponseWriter {
  /** Writes the status line and headers; the route then writes the body with `res.write` / `res.end`. */
  begin(res: ServerResponse, head: ResponseHead): void;
  /** A whole small body with Content-Length (HEAD requests get the head only). */
  send(res: ServerResponse, status: number, contentType: string, body: string | Uint8Array, extra?: ResponseExtras): void;
  /** A small body sent chunked. */
  sendChunked(res: ServerResponse, status: number, contentType: string, body: string, extra?: ResponseExtras): void;
  /** A JSON text with Content-Type `application/json; charset=utf-8`. */
  sendJson(res: ServerResponse, status: number, json: string, keepAliveHeader?: boolean): void;
}

/** `http.security.readonly` for routes that write (`ReadOnlyGuard`). */
export interface WriteGuard {
  /** Throws a 403 SvcError when the server is read-only. */
  assertWritable(): void;
}

/** The extension points' tokens: `container.register(api.tokens.ExportFormat, { useValue: format })`. */
export interface ExtensionTokens {
  /** An HTTP route on the API or min listener (`HttpRoute`). */
  readonly HttpRoute: typeof HttpRoute;
  /** A `fmt` of /exp (`ExportFormat`). */
  readonly ExportFormat: typeof ExportFormat;
  /** The parser /imp uses (`ImportFormat`); /imp takes the one named `delimited`. */
  readonly ImportFormat: typeof ImportFormat;
  /** A writer class for log.conf (`LogWriterFactory`). */
  readonly LogWriterFactory: typeof LogWriterFactory;
  /** Metrics for /metrics (`MetricSource`). */
  readonly MetricSource: typeof MetricSource;
  /** A SQL function overload: scalar, aggregate or table function (`SqlFunction`). */
  readonly SqlFunction: typeof SqlFunction;
  /** A service started after loading and stopped at shutdown (`Lifecycle`). */
  readonly Lifecycle: typeof Lifecycle;
  /** Checks credentials; the first registered one is used (`HttpAuthenticator`). */
  readonly HttpAuthenticator: typeof HttpAuthenticator;
  /** Resolve only: `container.resolve(api.tokens.LogFactory).create('my-plugin')` gives a `Log`. */
  readonly LogFactory: typeof LogFactory;
  /** Resolve only: the environment the server started with (`Record<string, string | undefined>`). */
  readonly ServerEnvironment: typeof ServerEnvironment;
  /** The SQL parser's token (the server registers one; its AST types are not part of this API). */
  readonly SqlGrammar: symbol;
  /** Table storage's token (the server registers one; its types are not part of this API). */
  readonly StorageEngine: symbol;
}

export interface PluginApi {
  /** The server's version, e.g. `0.1.0`. */
  readonly version: string;
  /** The extension points' tokens. */
  readonly tokens: ExtensionTokens;
  /**
   * The one error type. Thrown from a route, a format's `parseOptions` or a function, its `statusCode`
   * (400 by `SvcError.badRequest(message)`, SQL errors by `SvcError.sql(position, message)`) answers the
   * client; anything else thrown is a 500, a Critical log line and `svc_unhandled_errors_total`.
   */
  readonly SvcError: typeof SvcError;
  /** Resolve it for a `ResponseWriter`: `container.resolve(api.ResponseFraming)`. */
  readonly ResponseFraming: ServiceClass<ResponseWriter>;
  /** Resolve it for a `WriteGuard`; call `assertWritable()` before changing data. */
  readonly ReadOnlyGuard: ServiceClass<WriteGuard>;
  /** Content types the server answers with (`json`, `text`, `csv`, `parquet`, `metrics`, …). */
  readonly CONTENT_TYPE: typeof CONTENT_TYPE;
  /** prom-client metric classes for a MetricSource: `new api.metrics.Gauge({ name: 'svc_x', help, registers: [registry] })`. */
  readonly metrics: { readonly Counter: typeof Counter; readonly Gauge: typeof Gauge; readonly Histogram: typeof Histogram };
  /** The column types without parameters (`api.Types.DOUBLE`), for SQL function signatures and vectors. */
  readonly Types: typeof Types;
  /** Type tags (`vector.type.tag === api.TypeTag.SYMBOL`). */
  readonly TypeTag: typeof TypeTag;
  /** A type's name as /exec prints it in `columns[].type` (`DOUBLE`, `IPv4`, `GEOHASH(4c)`). */
  typeName(type: ColumnType): string;
  /** Builds a vector value by value (`appendNumber`, `appendString`, `appendNull`, then `build()`). */
  readonly VectorBuilder: typeof VectorBuilder;
  /**
   * One cell of a result vector as text, printed by the server's own printers: `json` (default) exactly as
   * /exec prints it in `dataset`, `csv` exactly as /exp CSV prints it, `text` the CSV cell without its
   * enclosing quotes. Works for every column type (UUID, IPv4, GEOHASH, LONG256, arrays, …) and null.
   */
  formatCell(vector: Vector, row: number, form?: CellForm): string;
  /** A TIMESTAMP value (µs since the epoch) as `2024-01-01T00:00:00.000000Z`. */
  formatTimestampMicros(micros: number): string;
  /** A DATE value (ms since the epoch) as `2024-01-01T00:00:00.000Z`. */
  formatDateMillis(millis: number): string;
  /** An appender with 64 KiB batches for log writers: `appendLine`, `writeOut`, `close`. */
  readonly FileAppender: typeof FileAppender;
  /** A writer's `location` with `${log.dir}` and `${date:…}` resolved; relative paths land in the root. */
  resolveLogLocation(template: string, context: LocationContext, micros: number): string;
  /** The one-letter level markers (`D`, `I`, `E`, `C`, `A`) by `record.level`. */
  readonly LEVEL_MARKER: Readonly<Record<LogLevel, string>>;
}

/** The API object a server hands its plugins; `formatCell` uses the server's registered printers. */
export function createPluginApi(container: DependencyContainer): PluginApi {
  const cells = new CellFormatter(container);
  return Object.freeze({
    version: VERSION,
    tokens: Object.freeze({
      HttpRoute, ExportFormat, ImportFormat, LogWriterFactory, MetricSource, SqlFunction, Lifecycle, HttpAuthenticator,
      LogFactory, ServerEnvironment, SqlGrammar, StorageEngine,
    }),
    SvcError,
    ResponseFraming,
    ReadOnlyGuard,
    CONTENT_TYPE,
    metrics: Object.freeze({ Counter, Gauge, Histogram }),
    Types,
    TypeTag,
    typeName,
    VectorBuilder,
    formatCell: (vector: Vector, row: number, form?: CellForm): string => cells.format(vector, row, form),
    formatTimestampMicros,
    formatDateMillis,
    FileAppender,
    resolveLogLocation,
    LEVEL_MARKER,
  });
}
