// @ts-check
// A SQL function as a user plugin: `fahrenheit(celsius DOUBLE) → DOUBLE`, usable in any query
// (`SELECT fahrenheit(temp) FROM sensors`). A scalar kernel computes a whole batch at once over typed
// arrays; DOUBLE's null is NaN, and NaN * 1.8 + 32 is NaN, so nulls pass through without a branch.
// INT, LONG and FLOAT arguments reach it cast to DOUBLE by the binder.
'use strict';

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'fahrenheit-function',
  dependsOn: [],
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    container.register(api.tokens.SqlFunction, {
      useValue: {
        kind: 'scalar',
        name: 'fahrenheit',                      // lower case; SQL names are case-insensitive
        args: [api.Types.DOUBLE],
        returns: api.Types.DOUBLE,
        // Must not modify its arguments (they may be views on storage); returns a new vector of n rows.
        kernel(args, n) {
          const celsius = /** @type {Float64Array} */ (args[0].data);
          const out = new Float64Array(n);
          for (let i = 0; i < n; i++) out[i] = celsius[i] * 1.8 + 32;
          return { type: api.Types.DOUBLE, data: out };
        },
      },
    });
  },
};
