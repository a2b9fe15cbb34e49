/**
 * The connection a transaction-block write runs its statements on, one at a time: the simple protocol at
 * message level (one Query each, as psql sends a script), or node-postgres, whose queries with parameters
 * go over the extended protocol (Parse, Bind, Execute, Sync) and those without over a simple Query, as an
 * application's BEGIN and COMMIT do. Either can be cut, cancelled (CancelRequest), and says when it closed.
 */
import { Client, DatabaseError } from 'pg';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { serialize } from '../pg-raw-client';
import { BackendKey, pgLogin, PgProtocol, sendCancel } from './pg-write';

export interface BlockStatement {
  readonly sql: string;
  /** Text parameters (extended protocol only). */
  readonly values?: readonly string[];
}

/** What a statement was answered: its command tag, an error, or nothing (the connection closed). */
export type StatementOutcome =
  | { readonly kind: 'done'; readonly tag: string }
  | { readonly kind: 'error'; readonly code: string; readonly message: string }
  | { readonly kind: 'gone'; readonly reason: string };

export interface BlockSession {
  run(s: BlockStatement): Promise<StatementOutcome>;
  /** Resolves when the connection has closed, whoever closed it. */
  readonly closed: Promise<void>;
  readonly isClosed: boolean;
  /** Destroys the socket without a Terminate. */
  cut(): void;
  /** A CancelRequest for the statement running now. */
  cancel(): Promise<void>;
  /** Terminate, once the block is over. */
  end(): void;
}

export function openBlockSession(port: number, protocol: PgProtocol): Promise<BlockSession> {
  return protocol === 'simple' ? simpleSession(port) : nodePostgresSession(port);
}

async function simpleSession(port: number): Promise<BlockSession> {
  const { client: c, key } = await pgLogin(port);
  const closed = new Promise<void>((resolve) => { if (c.socket.destroyed) resolve(); else c.socket.once('close', () => resolve()); });
  return {
    closed,
    get isClosed() { return c.closed; },
    run: async (s) => {
      if (c.closed) return { kind: 'gone', reason: 'connection closed' };
      c.send(serialize.query(s.sql));
      let messages: BackendMessage[];
      try {
        messages = await c.nextOf(['readyForQuery'], 600_000);
      } catch (e) {
        // An ErrorResponse the server sent before closing (FATAL) is still this statement's answer.
        messages = c.messages.splice(0);
        if (!messages.some((m) => m.name === 'error')) return { kind: 'gone', reason: e instanceof Error ? e.message : String(e) };
      }
      const error = messages.find((m) => m.name === 'error') as unknown as { code: string; message: string } | undefined;
      if (error) return { kind: 'error', code: error.code, message: error.message };
      const done = messages.find((m) => m.name === 'commandComplete') as unknown as { text: string } | undefined;
      return done ? { kind: 'done', tag: done.text } : { kind: 'error', code: '?', message: `no CommandComplete: ${messages.map((m) => m.name).join(', ')}` };
    },
    cut: () => c.socket.destroy(),
    cancel: () => sendCancel(port, key),
    end: () => c.end(),
  };
}

async function nodePostgresSession(port: number): Promise<BlockSession> {
  const client = new Client({ host: '127.0.0.1', port, user: 'admin', password: 'quest', database: 'qdb' });
  // A cut or killed server ends the connection with an 'error' event, which the running query reports too.
  client.on('error', () => undefined);
  let isClosed = false;
  const closed = new Promise<void>((resolve) => client.once('end', () => { isClosed = true; resolve(); }));
  await client.connect();
  const key = client as unknown as BackendKey;
  return {
    closed,
    get isClosed() { return isClosed; },
    run: async (s) => {
      if (isClosed) return { kind: 'gone', reason: 'connection closed' };
      try {
        const r = await client.query(s.sql, s.values === undefined ? undefined : [...s.values]);
        return { kind: 'done', tag: r.rowCount === null ? r.command : `${r.command} ${r.rowCount}` };
      } catch (e) {
        if (e instanceof DatabaseError) return { kind: 'error', code: e.code ?? '?', message: e.message };
        return { kind: 'gone', reason: e instanceof Error ? e.message : String(e) };
      }
    },
    cut: () => client.connection.stream.destroy(),
    cancel: () => sendCancel(port, { processID: key.processID, secretKey: key.secretKey }),
    end: () => { void client.end().catch(() => undefined); },
  };
}
