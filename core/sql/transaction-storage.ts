/**
 * The StorageEngine as a transaction's statements see it (WriteTransaction.storage): everything is the
 * engine's, except that a structure change of a table the transaction holds is refused at once — the
 * change would wait for the transaction's own writer, and it is not part of the transaction (DDL
 * commits on its own).
 */
import { ColumnDef, CreateTableRequest, TableSchema } from '../data/table-schema';
import { StorageEngine, TableParams, TableReader, TableWriter } from '../extension/storage-engine';
import { SvcError } from '../errors';

export class TransactionStorage implements StorageEngine {
  constructor(private readonly engine: StorageEngine, private readonly holds: (table: string) => boolean) {}

  listTables(): readonly TableSchema[] { return this.engine.listTables(); }
  getTable(name: string): TableSchema | undefined { return this.engine.getTable(name); }
  createTable(request: CreateTableRequest): Promise<TableSchema> { return this.engine.createTable(request); }
  async dropTable(name: string): Promise<void> { this.free(name); await this.engine.dropTable(name); }
  async renameTable(from: string, to: string): Promise<void> { this.free(from); await this.engine.renameTable(from, to); }
  async truncateTable(name: string): Promise<void> { this.free(name); await this.engine.truncateTable(name); }
  async addColumn(table: string, column: ColumnDef): Promise<void> { this.free(table); await this.engine.addColumn(table, column); }
  async addColumns(table: string, columns: readonly ColumnDef[]): Promise<void> { this.free(table); await this.engine.addColumns(table, columns); }
  async dropColumn(table: string, column: string): Promise<void> { this.free(table); await this.engine.dropColumn(table, column); }
  async renameColumn(table: string, from: string, to: string): Promise<void> { this.free(table); await this.engine.renameColumn(table, from, to); }
  async setTableParams(table: string, params: TableParams): Promise<void> { this.free(table); await this.engine.setTableParams(table, params); }
  openReader(table: string): TableReader { return this.engine.openReader(table); }
  openWriter(table: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<TableWriter> { return this.engine.openWriter(table, options); }
  commitTogether(writers: readonly TableWriter[]): Promise<void> { return this.engine.commitTogether(writers); }
  close(): Promise<void> { return this.engine.close(); }

  private free(table: string): void {
    if (this.holds(table)) {
      throw new SvcError(`cannot change the structure of a table this transaction block has written to; COMMIT or ROLLBACK first [table=${table}]`, 400);
    }
  }
}
