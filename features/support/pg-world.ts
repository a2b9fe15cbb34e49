/**
 * What PostgreSQL scenarios keep beside the World: the listener's port, node-postgres clients and raw
 * protocol clients (closed after each scenario), the last result or error, and output of psql/Python.
 */
import { After } from '@cucumber/cucumber';
import { Client, QueryResult } from 'pg';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { PgRawClient } from './pg-raw-client';
import { SvcWorld } from './world';
import type { Endpoint } from './world-target';
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
  /** Sockets a scenario left in the middle of their start-up. */
  halfOpen?: PgRawClient[];
  /** Resources measured before a load. */
  baseline?: { rss: number; handles: number };
  /** The transaction status of each node-postgres client's last ReadyForQuery (I, T or E). */
  readonly statuses: Map<Client, string>;
  /** NoticeResponse messages (warnings) the node-postgres clients received. */
  readonly notices: string[];
}

const state = new WeakMap<SvcWorld, PgScenario>();

export function pgOf(world: SvcWorld): PgScenario {
  let s = state.get(world);
  if (!s) { s = { clients: [], raw: [], statuses: new Map(), notices: [] }; state.set(world, s); }
  return s;
}

const starting = new WeakMap<SvcWorld, Promise<RunningServer>>();

/**
 * The listener's port: the in-process server's (clients connecting at once share one server start,
 * remembered while it runs), or the one `svc-accept --pg` gives against a running server.
 */
export async function pgPort(world: SvcWorld): Promise<number> {
  if (world.target.kind === 'remote' || world.child) return world.port('PG');
  let start = starting.get(world);
  if (!start) {
    start = world.ensureStarted().finally(() => starting.delete(world));
    starting.set(world, start);
  }
  await start;
  return world.port('PG');
}

/** The listener's host: 127.0.0.1, or the one `svc-accept --pg` gives. */
export function pgHost(world: SvcWorld): string {
  return world.host('PG');
}

/** The listener's host and port. */
export async function pgEndpoint(world: SvcWorld): Promise<Endpoint> {
  const port = await pgPort(world);
  return { host: pgHost(world), port };
}

export async function pgClient(world: SvcWorld, user = 'admin', password = 'quest'): Promise<Client> {
  const c = new Client({ ...await pgEndpoint(world), user, password, database: 'qdb' });
  // The server may stop first at the end of a scenario and say so (57P01): not a failure of the scenario.
  c.on('error', () => undefined);
  const s = pgOf(world);
  c.on('notice', (n) => s.notices.push(n.message ?? ''));
  c.connection.on('readyForQuery', (m: { status?: string }) => { if (m.status) s.statuses.set(c, m.status); });
  await c.connect();
  s.clients.push(c);
  return c;
}

After(async function (this: SvcWorld) {
  const s = state.get(this);
  if (!s) return;
  await Promise.all(s.clients.map((c) => c.end().catch(() => undefined)));
  for (const r of s.raw) r.socket.destroy();
});
