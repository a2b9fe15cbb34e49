/** The built-in function library: operators, math, text, conditional, aggregates, generators, metadata. */
import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { SqlFunction } from '../../core/extension/sql-function';
import { Plugin } from '../../core/plugin';
import { builtinFunctions } from './builtin-functions';
import { showParametersFunction } from './meta/show-parameters-function';

export const sqlFunctionsPlugin: Plugin = {
  name: 'sql-functions',
  dependsOn: [],
  register(container: DependencyContainer): void {
    for (const f of builtinFunctions) container.register(SqlFunction, { useValue: f });
    // SHOW PARAMETERS reads the server's configuration, known only inside the container.
    container.register(SqlFunction, { useFactory: (c) => showParametersFunction(c.resolve(ServerConfig)) });
  },
};
