/**
 * One transaction across tables (StorageEngine.commitTogether), also across a crash. Every table's
 * commit is prepared first (rows, dictionary entries, and its next `_txn` written as `_txn.next`). Then
 * one record, `<db>/_commit_group.<n>`, naming each table folder and its new commit number, is written
 * atomically: that is the commit point. Then every `_txn.next` is renamed over `_txn` and every table's
 * in-memory state changes, all in one synchronous step, so readers see all tables' rows or none. The
 * record is deleted last.
 *
 * Start-up (`recover`) rolls a surviving record forward: it renames the `_txn.next` files the record names
 * and deletes it. A `_txn.next` that no record names is a group that never reached its commit point;
 * table recovery deletes it with everything else past the committed state.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CommitMode, syncDirectory, writeFileAtomic } from './atomic-file';
import { PreparedCommit, publishCommit } from './table-commit';
import { ColumnarTableWriter } from './table-writer';
import { TXN_FILE, TXN_NEXT_FILE, readTxn, writeTxn } from './txn-state';

const RECORD_PREFIX = '_commit_group.';

interface GroupRecord {
  readonly formatVersion: 1;
  readonly tables: readonly { readonly dir: string; readonly txn: number }[];
}

export class CommitGroups {
  private sequence = 0;

  constructor(private readonly dbDir: string, private readonly mode: CommitMode) {}

  /**
   * Commits writers of different tables as one transaction. Each is held by `exclusive` meanwhile, so
   * nothing else runs on it; they are taken in table-id order, so two overlapping calls cannot wait for
   * each other. A failure before the commit point publishes nothing and leaves every transaction open.
   */
  async commit(writers: readonly ColumnarTableWriter[]): Promise<void> {
    const ordered = [...writers].sort((a, b) => a.state.meta.id - b.state.meta.id);
    const run = async (i: number): Promise<void> => {
      if (i < ordered.length) return ordered[i].exclusive(() => run(i + 1));
      const prepared: PreparedCommit[] = [];
      for (const w of ordered) {
        const p = await w.prepare();
        if (p) prepared.push(p);
      }
      if (prepared.length === 1) publishCommit(prepared[0], this.mode);
      else if (prepared.length > 1) this.publish(prepared);
      for (const w of ordered) w.published();
    };
    await run(0);
  }

  /** Publishes prepared commits of different tables as one; throws before the commit point and leaves nothing. */
  private publish(commits: readonly PreparedCommit[]): void {
    const nextFiles = commits.map((c) => join(c.state.dir, TXN_NEXT_FILE));
    const record = join(this.dbDir, `${RECORD_PREFIX}${this.sequence++}`);
    try {
      commits.forEach((c, i) => writeTxn(nextFiles[i], c.next, this.mode));
      const body: GroupRecord = { formatVersion: 1, tables: commits.map((c) => ({ dir: basename(c.state.dir), txn: c.next.txn })) };
      writeFileAtomic(record, JSON.stringify(body), this.mode);
    } catch (e) {
      for (const f of nextFiles) rmSync(f, { force: true });
      throw e;
    }
    commits.forEach((c, i) => {
      renameSync(nextFiles[i], join(c.state.dir, TXN_FILE));
      publishCommit(c, this.mode, true);
    });
    if (this.mode === 'sync') for (const c of commits) syncDirectory(c.state.dir);
    rmSync(record, { force: true });
  }

  /** Rolls forward every group whose record survived a crash; returns how many tables it completed. */
  static recover(dbDir: string): number {
    let completed = 0;
    for (const name of readdirSync(dbDir)) {
      if (!name.startsWith(RECORD_PREFIX)) continue;
      const path = join(dbDir, name);
      // A `.tmp` record never reached the commit point (the record is complete once renamed).
      if (!name.endsWith('.tmp')) {
        for (const t of readRecord(path).tables) {
          const next = join(dbDir, t.dir, TXN_NEXT_FILE);
          if (existsSync(next) && readTxn(next).txn === t.txn) {
            renameSync(next, join(dbDir, t.dir, TXN_FILE));
            completed++;
          }
        }
      }
      rmSync(path, { force: true });
    }
    return completed;
  }
}

function readRecord(path: string): GroupRecord {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isGroupRecord(raw)) throw new Error(`unreadable commit group record [file=${path}]`);
  return raw;
}

function isGroupRecord(v: unknown): v is GroupRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as { formatVersion?: unknown; tables?: unknown };
  return r.formatVersion === 1 && Array.isArray(r.tables)
    && r.tables.every((t: unknown) => typeof t === 'object' && t !== null
      && typeof (t as { dir?: unknown }).dir === 'string' && typeof (t as { txn?: unknown }).txn === 'number');
}
