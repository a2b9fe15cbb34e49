/**
 * DROP TABLE, TRUNCATE TABLE, RENAME TABLE, SHOW … and
 * ALTER TABLE (ADD/DROP/RENAME COLUMN, ALTER COLUMN TYPE/ADD INDEX/DROP INDEX/CACHE/NOCACHE,
 * SET PARAM, SET TYPE [BYPASS] WAL, DEDUP ENABLE/DISABLE, DROP PARTITION and CONVERT PARTITION TO PARQUET/NATIVE
 * LIST/WHERE).
 */
import type {
  AlterAction, AlterTableStatement, DropTableStatement, Identifier, RenameTableStatement, ShowStatement, TruncateStatement,
} from '../../core/sql/ast';
import { identifierOf } from './literals';
import { CreateTableParser } from './create-table-parser';
import { above, Precedence } from './operators';
import * as T from './tokens';

const K = T.Keyword;

export abstract class DdlParser extends CreateTableParser {
  readonly dropTable = this.RULE('dropTable', (): DropTableStatement => {
    const drop = this.word(10, 'drop');
    this.word(11, 'table');
    const ifExists = this.SUBRULE(this.ifExists);
    const table = this.SUBRULE(this.tableName);
    return this.ACTION((): DropTableStatement => ({ kind: 'dropTable', table, ifExists, position: drop.startOffset }));
  });

  private readonly ifExists = this.RULE('ifExists', (): boolean => this.OPTION({
    GATE: () => this.isWord(1, 'if'),
    DEF: () => {
      this.word(10, 'if');
      this.word(11, 'exists');
      return true;
    },
  }) ?? false);

  readonly truncateTable = this.RULE('truncateTable', (): TruncateStatement => {
    const truncate = this.word(10, 'truncate');
    this.word(11, 'table');
    const ifExists = this.SUBRULE(this.ifExists);
    const tables = [this.SUBRULE(this.tableName)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      tables.push(this.SUBRULE2(this.tableName));
    });
    return this.ACTION((): TruncateStatement => ({ kind: 'truncateTable', tables, ifExists, position: truncate.startOffset }));
  });

  readonly renameTable = this.RULE('renameTable', (): RenameTableStatement => {
    const rename = this.word(10, 'rename');
    this.word(11, 'table');
    const from = this.SUBRULE(this.tableName);
    this.word(12, 'to');
    const to = this.SUBRULE2(this.tableName);
    return this.ACTION((): RenameTableStatement => ({ kind: 'renameTable', from, to, position: rename.startOffset }));
  });

  readonly show = this.RULE('show', (): ShowStatement => {
    const show = this.word(10, 'show');
    const what = this.CONSUME(T.Identifier);
    const table = this.OPTION({
      GATE: () => this.isToken(1, K.from) || this.isWord(1, 'table'),
      DEF: () => {
        this.OR([{ ALT: () => this.CONSUME(K.from) }, { ALT: () => this.word(11, 'table') }]);
        return this.SUBRULE(this.tableName);
      },
    });
    return this.ACTION((): ShowStatement => {
      const word = what.image.toLowerCase();
      const kind = SHOW_KINDS[word];
      if (kind === undefined) this.notSupported(what, `SHOW ${what.image.toUpperCase()}`);
      const needsTable = kind !== 'tables' && kind !== 'parameters';
      if (needsTable && table === undefined) this.fail(this.LA(1), kind === 'createTable' ? "'table'" : "'from'");
      return { kind: 'show', what: kind, table, position: show.startOffset };
    });
  });

  readonly alterTable = this.RULE('alterTable', (): AlterTableStatement => {
    const alter = this.word(10, 'alter');
    this.word(11, 'table');
    const table = this.SUBRULE(this.tableName);
    const action = this.SUBRULE(this.alterAction);
    return this.ACTION((): AlterTableStatement => ({ kind: 'alterTable', table, action, position: alter.startOffset }));
  });

  private readonly alterAction = this.RULE('alterAction', (): AlterAction => {
    const verb = this.CONSUME(T.Identifier);
    const v = this.ACTION(() => verb.image.toLowerCase());
    const position = verb.startOffset;
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => v === 'add', ALT: () => {
          this.word(10, 'column');
          const ifNotExists = this.OPTION({
            GATE: () => this.isWord(1, 'if'),
            DEF: () => { this.word(11, 'if'); this.CONSUME(K.not); this.word(12, 'exists'); return true; },
          }) ?? false;
          const columns = [this.SUBRULE(this.columnDefinition)];
          this.MANY(() => {
            this.CONSUME(T.Comma);
            this.OPTION2({ GATE: () => this.isWord(1, 'column'), DEF: () => this.word(13, 'column') });
            columns.push(this.SUBRULE2(this.columnDefinition));
          });
          return { kind: 'addColumn' as const, columns, ifNotExists, position };
        } },
        { GATE: () => v === 'drop' && this.isWord(1, 'column'), ALT: () => {
          this.word(14, 'column');
          const columns = this.SUBRULE(this.names);
          return { kind: 'dropColumn' as const, columns, position };
        } },
        { GATE: () => v === 'drop' && this.isToken(1, K.partition), ALT: () => {
          const targetPosition = this.CONSUME(K.partition).startOffset;
          return this.OR2([
            { ALT: () => {
              this.CONSUME(K.where);
              return { kind: 'dropPartition' as const, targetPosition, where: this.SUBRULE(this.expr), position };
            } },
            { ALT: () => {
              this.word(16, 'list');
              return { kind: 'dropPartition' as const, targetPosition, list: this.SUBRULE(this.expressionList), position };
            } },
          ]);
        } },
        { GATE: () => v === 'rename', ALT: () => {
          this.word(17, 'column');
          const from = this.CONSUME(T.Name);
          this.word(18, 'to');
          const to = this.CONSUME2(T.Name);
          return this.ACTION(() => ({ kind: 'renameColumn' as const, from: identifierOf(from), to: identifierOf(to), position }));
        } },
        { GATE: () => v === 'alter', ALT: () => this.SUBRULE(this.alterColumn, { ARGS: [position] }) },
        { GATE: () => v === 'set' && this.isWord(1, 'param'), ALT: () => {
          this.word(19, 'param');
          return { kind: 'setParam' as const, params: this.SUBRULE(this.tableParams), position };
        } },
        { GATE: () => v === 'set' && this.isWord(1, 'type'), ALT: () => {
          this.word(20, 'type');
          const bypass = this.OPTION3({ GATE: () => this.isWord(1, 'bypass'), DEF: () => this.word(21, 'bypass') });
          this.word(22, 'wal');
          return { kind: 'setType' as const, wal: bypass === undefined, position };
        } },
        { GATE: () => v === 'dedup' && this.isWord(1, 'enable'), ALT: () => {
          this.word(23, 'enable');
          this.word(24, 'upsert');
          this.word(25, 'keys');
          return { kind: 'dedupEnable' as const, keys: this.SUBRULE(this.nameList), position };
        } },
        { GATE: () => v === 'dedup', ALT: () => {
          this.word(26, 'disable');
          return { kind: 'dedupDisable' as const, position };
        } },
        { GATE: () => v === 'convert' && this.isToken(1, K.partition), ALT: () => {
          // QuestDB: CONVERT PARTITION TO PARQUET|NATIVE LIST '…'[, …] | WHERE <designated timestamp predicate>.
          this.CONSUME2(K.partition);
          this.word(27, 'to');
          const target = this.consume(29, T.Identifier);
          const to = this.ACTION((): 'parquet' | 'native' => {
            const t = target.image.toLowerCase();
            if (t !== 'parquet' && t !== 'native') this.fail(target, "'parquet' or 'native'");
            return t as 'parquet' | 'native';
          });
          const targetPosition = target.startOffset;
          return this.OR3([
            { ALT: () => {
              this.CONSUME2(K.where);
              return { kind: 'convertPartition' as const, to, targetPosition, where: this.SUBRULE2(this.expr), position };
            } },
            { ALT: () => {
              this.word(28, 'list');
              return { kind: 'convertPartition' as const, to, targetPosition, list: this.SUBRULE2(this.expressionList), position };
            } },
          ]);
        } },
        // ATTACH/DETACH/SQUASH PARTITION, SET TTL, SUSPEND/RESUME WAL … are Tier 3.
        { ALT: () => this.notSupported(verb, `ALTER TABLE ${verb.image.toUpperCase()}`) },
      ],
    });
  });

  private readonly alterColumn = this.RULE('alterColumn', (position: number): AlterAction => {
    this.word(10, 'column');
    const name = this.CONSUME(T.Name);
    const column = this.ACTION(() => identifierOf(name));
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isWord(1, 'type'), ALT: () => {
          this.word(11, 'type');
          return { kind: 'alterColumnType' as const, column, type: this.SUBRULE(this.typeRef), position };
        } },
        { GATE: () => this.isWord(1, 'add'), ALT: () => {
          this.word(12, 'add');
          this.word(13, 'index');
          const capacity = this.OPTION({
            GATE: () => this.isWord(1, 'capacity'),
            DEF: () => { this.word(14, 'capacity'); return this.SUBRULE(this.expr, above(Precedence.operand)); },
          });
          return { kind: 'addIndex' as const, column, capacity, position };
        } },
        { GATE: () => this.isWord(1, 'drop'), ALT: () => {
          this.word(15, 'drop');
          this.word(16, 'index');
          return { kind: 'dropIndex' as const, column, position };
        } },
        { GATE: () => this.isWord(1, 'cache'), ALT: () => {
          this.word(17, 'cache');
          return { kind: 'symbolCache' as const, column, cache: true, position };
        } },
        { GATE: () => this.isWord(1, 'nocache'), ALT: () => {
          this.word(18, 'nocache');
          return { kind: 'symbolCache' as const, column, cache: false, position };
        } },
        { ALT: () => this.ACTION(() => this.notSupported(this.LA(1), `ALTER COLUMN ${this.LA(1).image.toUpperCase()}`)) },
      ],
    });
  });

  private readonly names = this.RULE('names', (): Identifier[] => {
    const names = [this.CONSUME(T.Name)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      names.push(this.CONSUME2(T.Name));
    });
    return this.ACTION(() => names.map(identifierOf));
  });
}

const SHOW_KINDS: Readonly<Record<string, ShowStatement['what']>> = {
  tables: 'tables', columns: 'columns', partitions: 'partitions', create: 'createTable', parameters: 'parameters',
};
