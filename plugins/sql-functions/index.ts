/** The built-in function library: operators, math, text, conditional, aggregates, generators, metadata. */
import { DependencyContainer } from 'tsyringe';
import { SqlFunction } from '../../core/extension/sql-function';
import { Plugin } from '../../core/plugin';
import { builtinFunctions } from './builtin-functions';

export const sqlFunctionsPlugin: Plugin = {
  name: 'sql-functions',
  dependsOn: [],
  register(container: DependencyContainer): void {
    for (const f of builtinFunctions) container.register(SqlFunction, { useValue: f });
  },
};
