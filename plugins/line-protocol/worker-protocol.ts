/**
 * Messages between RemoteSource (request thread) and parse-worker (worker thread). A worker parses for many
 * sessions, each named by `id`; bytes go in and blocks come back copied, never by transfer: detaching an
 * ArrayBuffer makes V8 check every typed-array access of that thread from then on (both parsers slow down).
 */
import { WireBlock } from './block-transfer';

export interface WireError {
  readonly message: string;
  readonly line: number | undefined;
  readonly status: number;
}

export type ParseRequest =
  | {
    readonly type: 'open'; readonly id: number; readonly precision: number; readonly maxLineBytes: number;
    readonly maxLineKey: string; readonly maxTables: number;
  }
  | { readonly type: 'feed'; readonly id: number; readonly buffer: ArrayBuffer; readonly length: number }
  /** Hand over the blocks parsed so far; `end`: the input is complete. */
  | { readonly type: 'take'; readonly id: number; readonly end: boolean }
  | { readonly type: 'close'; readonly id: number }
  /** A piece of whole lines parsed on its own (ParallelSource); `final`: the input's end, its last line may lack a line end. */
  | {
    readonly type: 'piece'; readonly id: number; readonly seq: number; readonly buffer: ArrayBuffer; readonly length: number;
    readonly final: boolean; readonly precision: number; readonly maxLineBytes: number; readonly maxLineKey: string; readonly maxTables: number;
  };

export type ParseReply =
  /** After each feed: what the session holds now. */
  | { readonly type: 'fed'; readonly id: number; readonly bytes: number; readonly bufferedBytes: number; readonly bufferedRows: number; readonly pendingLineBytes: number; readonly error: WireError | undefined }
  | { readonly type: 'blocks'; readonly id: number; readonly blocks: readonly WireBlock[]; readonly error: WireError | undefined }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  | {
    readonly type: 'piece'; readonly id: number; readonly seq: number; readonly blocks: readonly WireBlock[]; readonly lines: number;
    readonly rows: number; readonly bytes: number; readonly error: WireError | undefined;
  };

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

export function isParseRequest(x: unknown): x is ParseRequest {
  if (!isObject(x) || typeof x.id !== 'number') return false;
  switch (x.type) {
    case 'open': return typeof x.precision === 'number' && typeof x.maxLineBytes === 'number';
    case 'feed': return x.buffer instanceof ArrayBuffer && typeof x.length === 'number';
    case 'take': return typeof x.end === 'boolean';
    case 'close': return true;
    case 'piece': return typeof x.seq === 'number' && x.buffer instanceof ArrayBuffer && typeof x.final === 'boolean';
    default: return false;
  }
}

export function isParseReply(x: unknown): x is ParseReply {
  if (!isObject(x) || typeof x.id !== 'number') return false;
  return x.type === 'fed' || x.type === 'blocks' || x.type === 'failed' || x.type === 'piece';
}
