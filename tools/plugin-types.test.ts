/**
 * The plugin author's declaration file as an author outside the project uses it: plain JavaScript
 * plugins in a temporary folder refer to dist/types/svc-plugin.d.ts through JSDoc and are checked with
 * `tsc --checkJs` (with Node's types, as a Node plugin author has them), together with docs/examples/.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { PROJECT_DIR } from '../core/project';
import { PLUGIN_TYPES_FILE } from './plugin-types';

const run = promisify(execFile);

function plugin(types: string, format: string, listener: string): string {
  return `// @ts-check
/** @typedef {import(${JSON.stringify(types)}).PluginApi} PluginApi */
/** @type {import(${JSON.stringify(types)}).UserPlugin} */
module.exports.plugin = {
  name: 'tsv-example',
  dependsOn: [],
  replaces: [],
  register(container) {
    /** @type {PluginApi} */
    const api = container.resolve(Symbol.for('svc.PluginApi'));
    const log = container.resolve(api.tokens.LogFactory).create('tsv');
    const framing = container.resolve(api.ResponseFraming);
    container.register(api.tokens.ExportFormat, { useValue: {
      ${format}
      parseOptions() { return {}; },
      async *serialize(result, _options, signal) {
        for await (const batch of result.batches()) {
          if (signal.aborted) return;
          for (let r = 0; r < batch.rowCount; r++) yield batch.vectors.map((v) => api.formatCell(v, r, 'text')).join('\\t') + '\\n';
        }
      },
    } });
    container.register(api.tokens.HttpRoute, { useValue: {
      listener: '${listener}', path: '/tsv-info', methods: ['GET'],
      async handle({ res }) { log.info('asked'); framing.send(res, 200, api.CONTENT_TYPE.text, api.version); },
    } });
  },
};
`;
}

test('plain JavaScript plugins type-check against dist/types/svc-plugin.d.ts, and mistakes are reported', async () => {
  assert.ok(existsSync(PLUGIN_TYPES_FILE), `${PLUGIN_TYPES_FILE} is missing: npm run build makes it`);
  const dir = mkdtempSync(join(tmpdir(), 'svc-plugin-author-'));
  try {
    const types = PLUGIN_TYPES_FILE.replace(/\.d\.ts$/, '');
    writeFileSync(join(dir, 'good.js'), plugin(types, "fmt: 'tsv-example', contentType: 'text/tab-separated-values', extension: 'tsv',", 'api'));
    writeFileSync(join(dir, 'wrong.js'), plugin(types, "fmt: 'tsv-example', extension: 'tsv',", 'apix'));
    const examples = readdirSync(join(PROJECT_DIR, 'docs', 'examples')).filter((f) => f.endsWith('.js')).map((f) => join(PROJECT_DIR, 'docs', 'examples', f));
    const args = [join(PROJECT_DIR, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--allowJs', '--checkJs', '--strict',
      '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext',
      '--typeRoots', join(PROJECT_DIR, 'node_modules', '@types'), '--types', 'node',
      join(dir, 'good.js'), join(dir, 'wrong.js'), ...examples];
    const out = await run(process.execPath, args, { cwd: dir }).then(() => '', (e: { stdout?: string }) => e.stdout ?? String(e));
    const errors = out.split('\n').filter((l) => / error TS\d+/.test(l));
    assert.ok(errors.length > 0, 'the wrong plugin passed the check');
    assert.deepEqual(errors.filter((l) => !l.includes('wrong.js')), [], 'only the wrong plugin may have errors');
    assert.ok(errors.some((l) => l.includes("Property 'contentType' is missing")), errors.join('\n'));
    assert.ok(errors.some((l) => l.includes('"apix"')), errors.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
