import { DependencyContainer } from 'tsyringe';
import { SqlGrammar } from '../../core/extension/sql-grammar';
import { Plugin } from '../../core/plugin';
import { ParseCache } from './parse-cache';
import { QuestDbSqlGrammar } from './questdb-sql-grammar';

/** The SQL grammar (Chevrotain): registers the one SqlGrammar, behind a cache of recent parses. */
export const sqlGrammarPlugin: Plugin = {
  name: 'sql-grammar',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(SqlGrammar, { useValue: new ParseCache(new QuestDbSqlGrammar()) });
  },
};
