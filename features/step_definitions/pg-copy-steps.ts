/**
 * COPY FROM STDIN through node-postgres' own connection: the CopyData, CopyDone and CopyFail messages a
 * COPY client sends, written by hand (the pg-copy-streams package is not used), so a scenario chooses
 * how the data is cut into messages. psql's `\copy` runs from the server's root folder.
 */
import { When } from '@cucumber/cucumber';
import { Client, Connection, QueryResult, Submittable } from 'pg';
import { pgEndpoint, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';
import { runPsql } from './pg-client-steps';

/** A simple Query that answers CopyInResponse with the pieces, then CopyDone or CopyFail. */
class CopyIn implements Submittable {
  private tag = '';
  private error: Error | undefined;
  readonly done: Promise<{ tag: string; error?: Error }>;
  private resolve: (v: { tag: string; error?: Error }) => void = () => undefined;

  constructor(private readonly text: string, private readonly pieces: readonly Buffer[], private readonly fail?: string) {
    this.done = new Promise((r) => { this.resolve = r; });
  }

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Connection & { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void; sendCopyFail(m: string): void }): void {
    for (const p of this.pieces) connection.sendCopyFromChunk(p);
    if (this.fail !== undefined) connection.sendCopyFail(this.fail); else connection.endCopyFrom();
  }

  handleCommandComplete(msg: { text: string }): void { this.tag = msg.text; }
  /** node-postgres ends a query at its ErrorResponse (the ReadyForQuery after it is not the query's). */
  handleError(e: Error): void { this.error = e; this.resolve({ tag: '', error: e }); }
  handleReadyForQuery(): void { this.resolve({ tag: this.tag, error: this.error }); }
  handleEmptyQuery(): void { /* not a COPY */ }
  handleRowDescription(): void { /* not a COPY */ }
  handleDataRow(): void { /* not a COPY */ }
}

async function copyInto(world: SvcWorld, table: string, options: string, data: string, pieceBytes: number, fail?: string): Promise<void> {
  const s = pgOf(world);
  const client: Client | undefined = s.clients[0];
  if (!client) throw new Error('no PostgreSQL client is connected');
  const bytes = Buffer.from(data.replace(/\\n/g, '\n'), 'utf8');
  const pieces: Buffer[] = [];
  for (let k = 0; k < bytes.length; k += pieceBytes) pieces.push(bytes.subarray(k, k + pieceBytes));
  const copy = new CopyIn(`COPY ${table} FROM STDIN ${options}`, pieces, fail);
  void client.query(copy);
  const out = await copy.done;
  s.result = undefined;
  s.error = undefined;
  if (out.error) {
    const e = out.error as Error & { code?: string; position?: string };
    s.error = { code: e.code, message: e.message, position: e.position };
  } else {
    const [command, count] = out.tag.split(' ');
    s.result = { command, rowCount: Number(count), oid: 0, fields: [], rows: [] } as QueryResult;
  }
}

/** `\n` in the data is a line break. */
When('the PostgreSQL client copies into {string} with {string} the data {string}', async function (this: SvcWorld, table: string, options: string, data: string) {
  await copyInto(this, table, options, data, Number.MAX_SAFE_INTEGER);
});

When('the PostgreSQL client copies into {string} with {string} the data {string} in pieces of {int} bytes', async function (this: SvcWorld, table: string, options: string, data: string, n: number) {
  await copyInto(this, table, options, data, n);
});

When('the PostgreSQL client copies into {string} with {string} the data {string} and then sends CopyFail {string}', async function (this: SvcWorld, table: string, options: string, data: string, message: string) {
  await copyInto(this, table, options, data, Number.MAX_SAFE_INTEGER, message);
});

When("psql runs {string} in the server's root folder", async function (this: SvcWorld, command: string) {
  const { host, port } = await pgEndpoint(this);
  pgOf(this).output = await runPsql(['-h', host, '-p', String(port), '-U', 'admin', '-d', 'qdb', '-X', '-c', command], this.root);
});
