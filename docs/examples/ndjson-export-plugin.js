// An /exp format written as a user plugin: `fmt=jsonl-example` streams one JSON object per row (JSON Lines;
// the name carries `-example` so that it never clashes with the built-in `fmt=ndjson`).
// Plain JavaScript; everything it needs comes from the container's PluginApi (docs/plugins.md).
const INT_NULL = -2147483648;
const LONG_NULL = -9223372036854775808;
const decoder = new TextDecoder();

/** One value of row `i` of vector `v` as a JS value (null for SQL NULL). */
function valueOf(api, v, i) {
  const T = api.TypeTag;
  const x = v.data[i];
  switch (v.type.tag) {
    case T.BOOLEAN: return x !== 0;
    case T.BYTE: case T.SHORT: return x;
    case T.INT: return x === INT_NULL ? null : x;
    case T.LONG: return x === LONG_NULL ? null : (v.exact ? v.exact[i].toString() : x);
    case T.FLOAT: case T.DOUBLE: return Number.isFinite(x) ? x : null;
    case T.TIMESTAMP: return x === LONG_NULL ? null : api.formatTimestampMicros(x);
    case T.DATE: return x === LONG_NULL ? null : api.formatDateMillis(x);
    case T.SYMBOL: return x < 0 ? null : v.symbols.value(x);
    case T.STRING: case T.VARCHAR:
      return v.nulls && v.nulls[i] === 1 ? null : decoder.decode(v.data.subarray(v.offsets[i], v.offsets[i + 1]));
    default: return null;
  }
}

module.exports.plugin = {
  name: 'export-jsonl-example',
  dependsOn: [],
  register(container) {
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    container.register(api.tokens.ExportFormat, {
      useValue: {
        fmt: 'jsonl-example',
        contentType: 'application/jsonl; charset=utf-8',
        extension: 'jsonl',
        // Called before the first byte: a bad option is a 400 with the reason.
        parseOptions(params) {
          const pretty = params.get('pretty') ?? 'false';
          if (pretty !== 'true' && pretty !== 'false') throw api.SvcError.badRequest(`invalid pretty:${pretty}`);
          return { indent: pretty === 'true' ? 2 : undefined };
        },
        // Streams while the result is iterated: one string chunk per batch keeps memory bounded.
        async *serialize(result, options, signal) {
          const names = result.columns.map((c) => c.name);
          for await (const batch of result.batches()) {
            if (signal.aborted) return;
            let chunk = '';
            for (let r = 0; r < batch.rowCount; r++) {
              const row = {};
              for (let c = 0; c < names.length; c++) row[names[c]] = valueOf(api, batch.vectors[c], r);
              chunk += JSON.stringify(row, null, options.indent) + '\n';
            }
            yield chunk;
          }
        },
      },
    });
  },
};
