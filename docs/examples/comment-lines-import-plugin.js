// @ts-check
// An /imp format written as a user plugin: CSV files whose lines starting with `#` are comments. It
// replaces the built-in `delimited` format (`replaces: 'delimited'`, logged at start-up) and hands the
// comment-free bytes to it, so detection, types, atomicity and streaming stay the built-in ones.
'use strict';

const HASH = 0x23;
const NEWLINE = 0x0a;

/** Drops lines whose first byte is `#`, across chunk boundaries (a comment may end in a later chunk). */
class CommentStripper {
  constructor() {
    this.atLineStart = true;
    this.inComment = false;
  }

  /** @param {Uint8Array} chunk @returns {Uint8Array} */
  filter(chunk) {
    // Fast path: no comment open and no `#` at all.
    if (!this.inComment && chunk.indexOf(HASH) < 0) {
      if (chunk.length > 0) this.atLineStart = chunk[chunk.length - 1] === NEWLINE;
      return chunk;
    }
    const out = new Uint8Array(chunk.length);
    let n = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inComment) {
        if (b === NEWLINE) { this.inComment = false; this.atLineStart = true; }
        continue;
      }
      if (this.atLineStart && b === HASH) { this.inComment = true; continue; }
      out[n++] = b;
      this.atLineStart = b === NEWLINE;
    }
    return out.subarray(0, n);
  }
}

/** @type {import('../../dist/types/svc-plugin').UserPlugin} */
module.exports.plugin = {
  name: 'import-comment-lines',
  dependsOn: ['import-delimited'],
  replaces: 'delimited',
  register(container) {
    /** @type {import('../../dist/types/svc-plugin').PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    /** @type {import('../../dist/types/svc-plugin').ImportFormat[]} */
    const formats = container.resolveAll(api.tokens.ImportFormat);
    const builtIn = formats.find((f) => f.name === 'delimited');
    // `delimited` reads the upload as a stream (`analyse`, `createParser`); a `file` format opens a spooled copy.
    if (!builtIn || builtIn.access === 'file') throw new Error('the built-in delimited import format is not loaded');
    container.register(api.tokens.ImportFormat, {
      useValue: {
        name: 'delimited',
        // The structure of the upload from its first bytes (comments removed), as the built-in sees it.
        analyse(sample, whole, options) {
          return builtIn.analyse(new CommentStripper().filter(sample), whole, options);
        },
        // The built-in parser, fed comment-free chunks; everything else is delegated.
        createParser(plan, options) {
          const inner = builtIn.createParser(plan, options);
          const stripper = new CommentStripper();
          return {
            get rowsHandled() { return inner.rowsHandled; },
            get rowsImported() { return inner.rowsImported; },
            get rowsRejected() { return inner.rowsRejected; },
            get errors() { return inner.errors; },
            push: (chunk) => inner.push(stripper.filter(chunk)),
            finish: () => inner.finish(),
            takeReady: () => inner.takeReady(),
            close: () => inner.close(),
          };
        },
      },
    });
  },
};
