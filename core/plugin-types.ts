/**
 * The types a plugin author outside this project programs against. The build bundles this file's exports
 * into one declaration file, dist/types/svc-plugin.d.ts (tools/plugin-types.ts), which a plain JavaScript
 * plugin references through JSDoc (`@type {import('…/svc-plugin').UserPlugin}`) and a TypeScript plugin
 * imports with `import type`. Only types live here: nothing is loaded at run time.
 */
import type { ExportFormat } from './extension/export-format';
import type { HttpAuthenticator } from './extension/http-authenticator';
import type { HttpRoute } from './extension/http-route';
import type { ImportFormat } from './extension/import-format';
import type { Lifecycle } from './extension/lifecycle';
import type { LogWriterFactory } from './extension/log-writer';
import type { MetricSource } from './extension/metric-source';
import type { SqlFunction } from './extension/sql-function';
import type { LogFactory } from './log/log';
import type { ServiceClass } from './plugin-api';
import type { ServerEnvironment } from './server-tokens';

export type { PluginApi, ExtensionTokens, ServiceClass, ResponseWriter, ResponseExtras, WriteGuard } from './plugin-api';
export type { CellForm } from './extension/cell-printer';
export type { ExportFormat } from './extension/export-format';
export type { HttpAuthenticator } from './extension/http-authenticator';
export type { HttpExchange, HttpMethod, HttpRoute } from './extension/http-route';
export type {
  AnalysisOptions, Atomicity, DetectedColumn, ImportColumn, ImportFormat, ImportParser, ParsePlan, ParserOptions, TextStructure,
} from './extension/import-format';
export type { Lifecycle } from './extension/lifecycle';
export type { LogWriter, LogWriterFactory, LogWriterSettings } from './extension/log-writer';
export type { MetricSource } from './extension/metric-source';
export type {
  AggregateFunction, AggregateState, FunctionContext, ParamType, ScalarFunction, SqlFunction, TableFunction, TableFunctionContext,
  TableFunctionShape,
} from './extension/sql-function';
export type { WorkerModule } from './extension/worker-module';
export type { ColumnBatch } from './data/column-batch';
export type { ColumnType, TypeTag } from './data/column-type';
export type { ResultColumn, ResultSet } from './data/result-set';
export type { SymbolTable } from './data/symbol-table';
export type { FixedArray, Vector } from './data/vector';
export type { Log, LogFactory } from './log/log';
export type { LogLevel } from './log/log-level';
export type { LogRecord } from './log/log-record';
export type { ResponseHead } from './server/response-framing';

/** The implementation an extension point's token stands for (`unknown` for other tokens). */
export type ExtensionOf<S> =
  S extends typeof HttpRoute ? HttpRoute :
  S extends typeof ExportFormat ? ExportFormat :
  S extends typeof ImportFormat ? ImportFormat :
  S extends typeof LogWriterFactory ? LogWriterFactory :
  S extends typeof MetricSource ? MetricSource :
  S extends typeof SqlFunction ? SqlFunction :
  S extends typeof Lifecycle ? Lifecycle :
  S extends typeof HttpAuthenticator ? HttpAuthenticator :
  unknown;

/** What `register` accepts for a token: an object, a class the container builds, or a factory. */
export type Provider<T> =
  | { readonly useValue: T }
  | { readonly useClass: new (...args: never[]) => T }
  | { readonly useFactory: (container: PluginContainer) => T };

/** Tokens whose resolved value has a known type. */
export type ResolvableToken = typeof LogFactory | typeof ServerEnvironment;

/** What resolving a known token gives. */
export type ResolvedOf<S> =
  S extends typeof LogFactory ? LogFactory :
  S extends typeof ServerEnvironment ? Readonly<Record<string, string | undefined>> :
  never;

/** The server's dependency-injection container (tsyringe) as `register` receives it. */
export interface PluginContainer {
  /** Adds an implementation of an extension point; several registrations of one token are all used. */
  register<S extends symbol>(token: S, provider: Provider<ExtensionOf<S>>): PluginContainer;
  /** An instance of a service class (`api.ResponseFraming`, `api.ReadOnlyGuard`). */
  resolve<T>(token: ServiceClass<T>): T;
  /** `api.tokens.LogFactory` or `api.tokens.ServerEnvironment`. */
  resolve<S extends ResolvableToken>(token: S): ResolvedOf<S>;
  /** Anything else, e.g. the PluginApi; the type comes from the variable it is assigned to (`@type {PluginApi}`). */
  resolve<T>(token: symbol): T;
  /** Every registration of a token, in registration order (throws when there is none). */
  resolveAll<T>(token: symbol): T[];
  isRegistered(token: symbol, recursive?: boolean): boolean;
}

/** A user plugin: the module exports it as `plugin`, `default`, or any export of this shape. */
export interface UserPlugin {
  /** Unique among the loaded plugins (the built-in ones included). */
  readonly name: string;
  /** Plugins that must be loaded before this one. */
  readonly dependsOn: readonly string[];
  /** Built-in export formats, import formats or log writer classes this plugin replaces (e.g. `'csv'`). */
  readonly replaces?: string | readonly string[];
  /** Called once at start-up; registers implementations, may throw to stop start-up with a reason. */
  register(container: PluginContainer): void;
}

