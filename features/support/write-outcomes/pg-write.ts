/**
 * A statement over the PostgreSQL wire at message level, outside a transaction block: the simple protocol
 * (Query) or the extended one (Parse, Bind, Execute, Sync) with text parameters, after the session's SET
 * commands, if any. The client can cut its connection or send a CancelRequest from another connection
 * with the session's BackendKeyData.
 */
import { connect } from 'node:net';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { PgRawClient, serialize } from '../pg-raw-client';
import { Answer, failure, noAnswer, RunningWrite, success } from './answer';

export type PgProtocol = 'simple' | 'extended';

export interface PgWrite extends RunningWrite {
  /** Sends a CancelRequest for the running statement. */
  cancel(): Promise<void>;
}

/** The BackendKeyData a CancelRequest names. */
export interface BackendKey { readonly processID: number; readonly secretKey: number }

/** A raw client logged in as admin, and its session's key. */
export async function pgLogin(port: number): Promise<{ client: PgRawClient; key: BackendKey }> {
  const client = await PgRawClient.open({ host: '127.0.0.1', port });
  client.send(serialize.startup({ user: 'admin', database: 'qdb' }));
  await client.next('authenticationCleartextPassword');
  client.send(serialize.password('quest'));
  const login = await client.next('readyForQuery');
  return { client, key: login.find((m) => m.name === 'backendKeyData') as unknown as BackendKey };
}

/** A CancelRequest for the statement `key`'s session runs, from a connection of its own. */
export async function sendCancel(port: number, key: BackendKey): Promise<void> {
  const s = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => { s.once('connect', resolve); s.once('error', reject); });
  s.end(serialize.cancel(key.processID, key.secretKey));
}

/** `SET name = value` of each setting, one Query each; throws when one is refused. */
export async function applySettings(c: PgRawClient, settings: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, value] of Object.entries(settings)) {
    c.send(serialize.query(`set ${name} = ${value}`));
    const error = (await c.next('readyForQuery')).find((m) => m.name === 'error');
    if (error) throw new Error(`set ${name} = ${value}: ${JSON.stringify(error)}`);
  }
}

export async function pgWrite(port: number, protocol: PgProtocol, sql: string, values: readonly string[],
  settings: Readonly<Record<string, string>> = {}): Promise<PgWrite> {
  const { client: c, key } = await pgLogin(port);
  await applySettings(c, settings);
  if (protocol === 'simple') c.send(serialize.query(sql));
  else c.send(serialize.parse({ text: sql }), serialize.bind({ values: [...values] }), serialize.execute(), serialize.sync());
  // An ErrorResponse the server sent before closing (FATAL) still counts as the answer.
  const answer = c.nextOf(['readyForQuery'], 600_000).then(classify,
    () => (c.messages.some((m) => m.name === 'error') ? classify(c.messages) : noAnswer(c.closed ? 'connection closed before an answer' : 'no answer')));
  return {
    answer,
    started: new Promise((r) => setTimeout(r, 0)),
    cut: () => c.socket.destroy(),
    cancel: () => sendCancel(port, key),
  };
}

function classify(messages: readonly BackendMessage[]): Answer {
  const error = messages.find((m) => m.name === 'error') as unknown as { message: string; code: string } | undefined;
  if (error) return failure(`${error.code} ${error.message}`, error.code);
  const done = messages.find((m) => m.name === 'commandComplete') as unknown as { text: string } | undefined;
  return done ? success(done.text) : failure(`no CommandComplete: ${messages.map((m) => m.name).join(', ')}`);
}
