/**
 * The extended query protocol of one session: Parse compiles into a named or unnamed prepared
 * statement, Bind makes a portal with parameter values and result formats, Describe answers
 * ParameterDescription / RowDescription / NoData, Execute runs a portal (up to a row limit, then
 * PortalSuspended), Close drops either, Sync ends the pipeline. After an error every message up to the
 * next Sync is skipped, and an open transaction block is aborted, as PostgreSQL does.
 */
import {
  bindComplete, closeComplete, commandComplete, emptyQueryResponse, errorResponse, noData, parameterDescription,
  parseComplete, portalSuspended, rowDescription,
} from './backend-messages';
import { BackendWriter } from './backend-writer';
import { decodeParameters, formatAt, parseBind } from './bind-message';
import { MessageBody } from './message-body';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { describeFields, Portal } from './portal';
import { PreparedStatement, prepareStatement } from './prepared-statement';
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';
import { parseSessionCommand } from './session-command';

export class ExtendedQuery {
  /** Set by an error; cleared by Sync. */
  failed = false;
  /** The text of the statement being parsed or run, for error positions. */
  private current: { text: string; phase: 'compile' | 'run' } | undefined;

  constructor(private readonly session: PgSession, private readonly ctx: PgWireContext, private readonly w: BackendWriter) {}

  async handle(type: number, body: Buffer): Promise<void> {
    if (this.failed) return;
    this.current = undefined;
    try {
      switch (type) {
        case 0x50: this.parse(body); break; // P
        case 0x42: await this.bind(body); break; // B
        case 0x44: this.describe(body); break; // D
        case 0x45: await this.execute(body); break; // E
        case 0x43: await this.close(body); break; // C
        default: break;
      }
    } catch (e) {
      this.fail(e);
    }
  }

  /** Sync: the pipeline ends; the unnamed portal is dropped. */
  async sync(): Promise<void> {
    this.failed = false;
    const unnamed = this.session.portals.get('');
    if (unnamed) { this.session.portals.delete(''); await unnamed.close(); }
  }

  private fail(e: unknown): void {
    this.failed = true;
    this.session.block.fail();
    this.ctx.metrics.errors++;
    const c = this.current;
    errorResponse(this.w, this.ctx.errors.fields(e, c ? { text: c.text, offset: 0, phase: c.phase } : undefined));
  }

  private parse(body: Buffer): void {
    const r = new MessageBody(body);
    const name = r.cstring();
    const sql = r.cstring();
    const oids = Array.from({ length: r.int16() }, () => r.int32());
    this.current = { text: sql, phase: 'compile' };
    if (name !== '' && this.session.statements.has(name)) throw protocolError(`prepared statement "${name}" already exists`, '42P05');
    this.session.block.admit(parseSessionCommand(sql));
    const statement = prepareStatement(this.ctx.engine, sql, oids);
    this.session.statements.set(name, statement);
    parseComplete(this.w);
  }

  private async bind(body: Buffer): Promise<void> {
    const b = parseBind(body);
    const statement = this.statement(b.statement);
    const expected = statement.parameterOids.length;
    if (b.values.length !== expected) {
      throw protocolError(`bind message supplies ${b.values.length} parameters, but prepared statement "${b.statement}" requires ${expected}`, SQLSTATE.PROTOCOL_VIOLATION);
    }
    const columns = statement.columns?.length ?? 0;
    if (b.resultFormats.length > 1 && b.resultFormats.length !== columns) {
      throw protocolError(`bind message has ${b.resultFormats.length} result formats but query has ${columns} columns`, SQLSTATE.PROTOCOL_VIOLATION);
    }
    const binary = Array.from({ length: columns }, (_x, i) => formatAt(b.resultFormats, i) === 1);
    const previous = this.session.portals.get(b.portal);
    if (previous) {
      if (b.portal !== '') throw protocolError(`portal "${b.portal}" already exists`, '42P03');
      await previous.close();
    }
    this.session.portals.set(b.portal, new Portal(statement, decodeParameters(b, statement.parameterOids, statement.query?.parameters?.map((p) => p.type)), binary));
    bindComplete(this.w);
  }

  private describe(body: Buffer): void {
    const r = new MessageBody(body);
    const kind = String.fromCharCode(r.int8());
    const name = r.cstring();
    if (kind === 'S') {
      const s = this.statement(name);
      parameterDescription(this.w, s.parameterOids);
      const fields = describeFields(s, []);
      if (fields) rowDescription(this.w, fields); else noData(this.w);
      return;
    }
    const fields = this.portal(name).fields();
    if (fields) rowDescription(this.w, fields); else noData(this.w);
  }

  private async execute(body: Buffer): Promise<void> {
    const r = new MessageBody(body);
    const portal = this.portal(r.cstring());
    const maxRows = r.int32();
    this.current = { text: portal.statement.sql, phase: 'run' };
    this.ctx.metrics.queries++;
    const out = await portal.execute(this.w, maxRows > 0 ? maxRows : 0, this.session, this.ctx.execution);
    if (out.kind === 'suspended') portalSuspended(this.w);
    else if (out.kind === 'empty') emptyQueryResponse(this.w);
    else commandComplete(this.w, out.tag);
  }

  private async close(body: Buffer): Promise<void> {
    const r = new MessageBody(body);
    const kind = String.fromCharCode(r.int8());
    const name = r.cstring();
    if (kind === 'S') this.session.statements.delete(name);
    else {
      const portal = this.session.portals.get(name);
      this.session.portals.delete(name);
      await portal?.close();
    }
    closeComplete(this.w);
  }

  private statement(name: string): PreparedStatement {
    const s = this.session.statements.get(name);
    if (!s) throw protocolError(`prepared statement "${name}" does not exist`, SQLSTATE.UNDEFINED_STATEMENT);
    return s;
  }

  private portal(name: string): Portal {
    const p = this.session.portals.get(name);
    if (!p) throw protocolError(`portal "${name}" does not exist`, SQLSTATE.UNDEFINED_CURSOR);
    return p;
  }
}
