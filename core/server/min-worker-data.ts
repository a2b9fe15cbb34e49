/**
 * What the main thread hands the min listener's worker thread (`workerData`) and the messages they
 * exchange. Everything here survives structured cloning; `errors` is a view over the ErrorCounter's
 * SharedArrayBuffer, so the worker reads the live unhandled-error count without asking the main thread.
 */
import { AddressInfo } from 'node:net';
import { HttpMethod } from '../extension/http-route';
import { WorkerModule } from '../extension/worker-module';
import { FramingSettings } from './response-framing';

export interface MinWorkerRoute {
  readonly path: string;
  readonly methods: readonly HttpMethod[];
  /** Methods the worker checks credentials for (only routes it answers itself; the main thread checks the rest). */
  readonly authMethods: readonly string[];
  /** Answered inside the worker by this module; without it the request is forwarded to the main thread. */
  readonly worker?: WorkerModule;
}

export interface MinWorkerData {
  readonly host: string;
  readonly port: number;
  readonly maxConnections: number;
  readonly framing: FramingSettings;
  readonly routes: readonly MinWorkerRoute[];
  /** Present when authentication is enabled and the authenticator can run in the worker. */
  readonly authenticator?: WorkerModule;
  /** Port of the main thread's internal listener on 127.0.0.1 that answers forwarded requests. */
  readonly forwardPort: number;
  /** The shared unhandled-error count (ErrorCounter.shared). */
  readonly errors: Int32Array;
  /** Debug lines are forwarded only when some writer takes them. */
  readonly debug: boolean;
}

/** Levels the worker forwards to the main thread's `http-min-server` log. */
export type WorkerLogLevel = 'critical' | 'error' | 'info' | 'advisory' | 'debug';

export type MinWorkerMessage =
  | { readonly type: 'listening'; readonly address: AddressInfo }
  | { readonly type: 'failed'; readonly message: string; readonly code?: string }
  | { readonly type: 'log'; readonly level: WorkerLogLevel; readonly message: string }
  | { readonly type: 'stopped' };

export interface MinStopMessage {
  readonly type: 'stop';
  readonly graceMs: number;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

export function isWorkerModule(x: unknown): x is WorkerModule {
  return isObject(x) && typeof x.module === 'string';
}

export function isMinWorkerData(x: unknown): x is MinWorkerData {
  return isObject(x) && typeof x.host === 'string' && typeof x.port === 'number'
    && typeof x.forwardPort === 'number' && Array.isArray(x.routes) && x.errors instanceof Int32Array
    && typeof x.debug === 'boolean' && isObject(x.framing) && (x.authenticator === undefined || isWorkerModule(x.authenticator));
}

export function isMinWorkerMessage(x: unknown): x is MinWorkerMessage {
  return isObject(x) && (x.type === 'listening' || x.type === 'failed' || x.type === 'log' || x.type === 'stopped');
}

export function isMinStopMessage(x: unknown): x is MinStopMessage {
  return isObject(x) && x.type === 'stop' && typeof x.graceMs === 'number';
}
