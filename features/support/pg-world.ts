/**
 * What PostgreSQL scenarios keep beside the World: the listener's port, node-postgres clients and raw
 * protocol clients (closed after each scenario), the last result or error, and output of psql/Python.
 */
import { After } from '@cucumber/cucumber';
import { Client, QueryResult } from 'pg';
import { PgServer } from '../../plugins/pg-wire/pg-server';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { PgRawClient } from './pg-raw-client';
import { SvcWorld } from './world';
import type { RunningServer } from '../../core/bootstrap';

export interface PgScenario {
  readonly clients: Client[];
  readonly raw: PgRawClient[];
  result?: QueryResult;
  error?: { code?: string; message: string; position?: string };
  output?: string;
  measured?: number;
  /** Messages a message-level exchange received. */
  received?: BackendMessage[];
  /** Resources measured before a load. */
  baseline?: { rss: number; handles: number };
}

const state = new WeakMap<SvcWorld, PgScenario>();

export function pgOf(world: SvcWorld): PgScenario {
  let s = state.get(world);
  if (!s) { s = { clients: [], raw: [] }; state.set(world, s); }
  return s;
}

const starting = new WeakMap<SvcWorld, Promise<RunningServer>>();

/** The listener's port; clients connecting at once share one server start (remembered while it runs). */
export async function pgPort(world: SvcWorld): Promise<number> {
  let start = starting.get(world);
  if (!start) {
    start = world.ensureStarted().finally(() => starting.delete(world));
    starting.set(world, start);
  }
  const server = await start;
  const port = server.container.resolve(PgServer).address()?.port;
  if (port === undefined) throw new Error('the PostgreSQL listener is not running');
  return port;
}

export async function pgClient(world: SvcWorld, user = 'admin', password = 'quest'): Promise<Client> {
  const c = new Client({ host: '127.0.0.1', port: await pgPort(world), user, password, database: 'qdb' });
  // The server may stop first at the end of a scenario and say so (57P01): not a failure of the scenario.
  c.on('error', () => undefined);
  await c.connect();
  pgOf(world).clients.push(c);
  return c;
}

After(async function (this: SvcWorld) {
  const s = state.get(this);
  if (!s) return;
  await Promise.all(s.clients.map((c) => c.end().catch(() => undefined)));
  for (const r of s.raw) r.socket.destroy();
});
