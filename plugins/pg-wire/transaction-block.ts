/**
 * A session's transaction block, as PostgreSQL runs one. BEGIN opens a WriteTransaction: the INSERTs
 * and UPDATEs that follow write into it, invisible to other sessions, until COMMIT (or END) publishes
 * every table at once; ROLLBACK, or the connection ending, discards them. An error inside the block
 * aborts it: every statement but COMMIT, ROLLBACK and ROLLBACK TO answers 25P02 until then, and COMMIT
 * of an aborted block rolls back and answers ROLLBACK. Savepoints are kept by name; ROLLBACK TO one is
 * honoured only when nothing was written since it (rows written since a savepoint cannot be discarded
 * alone), else it is refused and the block stays aborted.
 */
import { StorageEngine } from '../../core/extension/storage-engine';
import { WriteTransaction } from '../../core/sql/write-transaction';
import { BackendWriter } from './backend-writer';
import { noticeResponse, TransactionStatus } from './backend-messages';
import { protocolError } from './pg-protocol-error';
import { SessionCommand, TransactionAction } from './session-command';
import { SQLSTATE } from './sql-state';

const ABORTED = 'current transaction is aborted, commands ignored until end of transaction block';
/** What an aborted block still accepts. */
const ENDS_ABORTED = new Set<TransactionAction>(['commit', 'rollback', 'rollbackTo']);

export class TransactionBlock {
  private tx: WriteTransaction | undefined;
  private aborted = false;
  /** Statements that changed something since BEGIN (savepoints remember the count at their creation). */
  private changes = 0;
  private savepoints: { readonly name: string; readonly changes: number }[] = [];

  constructor(private readonly storage: StorageEngine) {}

  /** What ReadyForQuery reports: I idle, T in a block, E in an aborted block. */
  get status(): TransactionStatus {
    return this.tx ? (this.aborted ? 'E' : 'T') : 'I';
  }

  /** The open block's transaction, for the statement about to run; undefined outside a block. */
  get transaction(): WriteTransaction | undefined {
    return this.tx;
  }

  /** Throws 25P02 when the block is aborted and `command` is not one that ends it. */
  admit(command: SessionCommand | undefined): void {
    if (!this.aborted) return;
    if (command?.kind === 'transaction' && ENDS_ABORTED.has(command.action)) return;
    throw protocolError(ABORTED, SQLSTATE.IN_FAILED_TRANSACTION);
  }

  /** A statement that writes or changes structure is about to run inside the block. */
  changing(): void {
    if (this.tx) this.changes++;
  }

  /** A statement (or message) failed: inside a block, the block is aborted. */
  fail(): void {
    if (this.tx) this.aborted = true;
  }

  /** Runs a transaction statement; returns its command tag. Warnings go out as NoticeResponse, as PostgreSQL's do. */
  async run(action: TransactionAction, tag: string, savepoint: string | undefined, w: BackendWriter): Promise<string> {
    switch (action) {
      case 'begin':
        if (this.tx) warn(w, SQLSTATE.ACTIVE_TRANSACTION, 'there is already a transaction in progress');
        else this.tx = new WriteTransaction(this.storage);
        return tag;
      case 'commit': {
        if (!this.tx) { warn(w, SQLSTATE.NO_ACTIVE_TRANSACTION, 'there is no transaction in progress'); return tag; }
        const { tx, aborted } = this.close();
        if (aborted) { await tx.rollback(); return 'ROLLBACK'; }
        await tx.commit();
        return tag;
      }
      case 'rollback':
        if (!this.tx) { warn(w, SQLSTATE.NO_ACTIVE_TRANSACTION, 'there is no transaction in progress'); return tag; }
        await this.close().tx.rollback();
        return tag;
      case 'savepoint':
        this.inBlock('SAVEPOINT');
        this.savepoints.push({ name: savepoint ?? '', changes: this.changes });
        return tag;
      case 'release':
        this.savepoints = this.savepoints.slice(0, this.find('RELEASE SAVEPOINT', savepoint));
        return tag;
      case 'rollbackTo': {
        const k = this.find('ROLLBACK TO SAVEPOINT', savepoint);
        if (this.changes > this.savepoints[k].changes) {
          throw protocolError('ROLLBACK TO SAVEPOINT cannot discard only the rows written since the savepoint; ROLLBACK the whole transaction block', SQLSTATE.FEATURE_NOT_SUPPORTED);
        }
        this.savepoints = this.savepoints.slice(0, k + 1);
        this.aborted = false;
        return tag;
      }
    }
  }

  /** The connection ended: an open block is rolled back. */
  async end(): Promise<void> {
    if (this.tx) await this.close().tx.rollback();
  }

  private close(): { tx: WriteTransaction; aborted: boolean } {
    const out = { tx: this.tx as WriteTransaction, aborted: this.aborted };
    this.tx = undefined;
    this.aborted = false;
    this.changes = 0;
    this.savepoints = [];
    return out;
  }

  private inBlock(what: string): void {
    if (!this.tx) throw protocolError(`${what} can only be used in transaction blocks`, SQLSTATE.NO_ACTIVE_TRANSACTION);
  }

  /** The index of the latest savepoint called `name`; 3B001 when there is none. */
  private find(what: string, name: string | undefined): number {
    this.inBlock(what);
    for (let k = this.savepoints.length - 1; k >= 0; k--) if (this.savepoints[k].name === name) return k;
    throw protocolError(`savepoint "${name ?? ''}" does not exist`, SQLSTATE.INVALID_SAVEPOINT);
  }
}

function warn(w: BackendWriter, code: string, message: string): void {
  noticeResponse(w, { severity: 'WARNING', code, message });
}
