/**
 * `npm run build`'s last step: bundles the browser app (plugins/web-console/app) with esbuild into
 * dist/plugins/web-console/public — fingerprinted assets under assets/, the index page rendered from
 * app/index.html, a gzip copy of every text file — prints the sizes and fails when the whole app is
 * over its budget of 400 kB gzipped. Also bundles the app's unit tests for node:test.
 * The app is type-checked before this step by `tsc -p plugins/web-console/app/tsconfig.json`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, Metafile } from 'esbuild';
import { PROJECT_DIR } from '../../../core/project';

export const APP_DIR = join(PROJECT_DIR, 'plugins', 'web-console', 'app');
export const OUT_DIR = join(PROJECT_DIR, 'dist', 'plugins', 'web-console', 'public');
const TESTS_OUT_DIR = join(PROJECT_DIR, 'dist', 'plugins', 'web-console', 'app');
export const BUDGET_GZIP_BYTES = 400 * 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
// light-dark() in the stylesheet needs Chrome 123, Firefox 120, Safari 17.5.
const BROWSERS = ['chrome123', 'firefox120', 'safari17.5', 'edge123'];

function filesUnder(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, keep, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** The entry's script and style as page-relative URLs (`assets/app-XXXX.js`). */
function entryOutputs(metafile: Metafile): { script: string; style: string } {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint !== undefined && file.endsWith('.js')) {
      if (!output.cssBundle) throw new Error('the app bundle has no stylesheet');
      return { script: relative(OUT_DIR, join(PROJECT_DIR, file)), style: relative(OUT_DIR, join(PROJECT_DIR, output.cssBundle)) };
    }
  }
  throw new Error('esbuild produced no entry script');
}

async function bundleApp(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: PROJECT_DIR,
    entryPoints: { app: join(APP_DIR, 'main.ts') },
    outdir: join(OUT_DIR, 'assets'),
    entryNames: '[name]-[hash]', chunkNames: '[name]-[hash]', assetNames: '[name]-[hash]',
    bundle: true, splitting: true, format: 'esm', platform: 'browser', target: BROWSERS,
    minify: true, sourcemap: 'linked', legalComments: 'linked', metafile: true, logLevel: 'warning',
    charset: 'utf8',
  });
  const { script, style } = entryOutputs(result.metafile);
  const template = readFileSync(join(APP_DIR, 'index.html'), 'utf8');
  writeFileSync(join(OUT_DIR, 'index.html'), template.replace('%APP_SCRIPT%', script).replace('%APP_STYLE%', style));
  let total = 0;
  const lines: string[] = [];
  for (const file of filesUnder(OUT_DIR, (n) => COMPRESSIBLE.test(n)).sort()) {
    const raw = readFileSync(file);
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.gz`, gz);
    const counted = !/\.(map|LEGAL\.txt)$/.test(file);
    if (counted) total += gz.length;
    lines.push(`  ${relative(OUT_DIR, file).padEnd(36)} ${(raw.length / 1024).toFixed(1).padStart(8)} kB  ${(gz.length / 1024).toFixed(1).padStart(7)} kB gzip${counted ? '' : ' (not loaded)'}`);
  }
  process.stdout.write(`web console bundle (${relative(PROJECT_DIR, OUT_DIR)}):\n${lines.join('\n')}\n`
    + `  whole app: ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_GZIP_BYTES / 1024} kB)\n`);
  if (total > BUDGET_GZIP_BYTES) throw new Error(`the web console is over its budget: ${total} > ${BUDGET_GZIP_BYTES} bytes gzipped`);
}

async function bundleTests(): Promise<void> {
  const tests = filesUnder(APP_DIR, (n) => n.endsWith('.test.ts'));
  if (tests.length === 0) return;
  rmSync(TESTS_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: PROJECT_DIR, entryPoints: tests, outbase: APP_DIR, outdir: TESTS_OUT_DIR,
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: 'inline', logLevel: 'warning',
  });
}

Promise.all([bundleApp(), bundleTests()]).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
