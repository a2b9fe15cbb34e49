// @ts-check
// An /exp format written as a user plugin: `fmt=jsonl-example` streams one JSON object per row
// (JSON Lines). Every cell is printed by `api.formatCell`, i.e. exactly as /exec prints it in `dataset`,
// so every column type works (UUID, IPv4, CHAR, GEOHASH, LONG256, arrays, intervals, null) without
// reading the vectors' layouts. The name carries `-example` so that it never clashes with a built-in.
'use strict';

/** @typedef {import('../../dist/types/svc-plugin').PluginApi} PluginApi */

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'export-jsonl-example',
  dependsOn: [],
  register(container) {
    /** @type {PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    /** @type {import('../../dist/types/svc-plugin').ExportFormat<{ arrays: boolean }>} */
    const format = {
      fmt: 'jsonl-example',
      contentType: 'application/jsonl; charset=utf-8',
      extension: 'jsonl',
      // Called before the first byte: a bad option is a 400 {query, error, position}.
      parseOptions(params) {
        const names = params.get('names') ?? 'true';
        if (names !== 'true' && names !== 'false') throw api.SvcError.badRequest(`invalid names: ${names}, expected true or false`);
        return { arrays: names === 'false' };
      },
      // Streams while the result is iterated: one string chunk per batch keeps memory bounded.
      async *serialize(result, options, signal) {
        const keys = result.columns.map((c) => `${JSON.stringify(c.name)}:`);
        for await (const batch of result.batches()) {
          if (signal.aborted) return;
          let chunk = '';
          for (let r = 0; r < batch.rowCount; r++) {
            const cells = batch.vectors.map((v, c) => (options.arrays ? '' : keys[c]) + api.formatCell(v, r, 'json'));
            chunk += options.arrays ? `[${cells.join(',')}]\n` : `{${cells.join(',')}}\n`;
          }
          yield chunk;
        }
      },
    };
    container.register(api.tokens.ExportFormat, { useValue: format });
  },
};
