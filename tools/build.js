#!/usr/bin/env node
// Builds svc: TypeScript into dist/, the web console app (type-check and bundle), the plugin type
// declarations. `npm run build` (and so `npm test`) runs every step each time; `npm start` runs
// `node tools/build.js --if-changed` first, which builds only when dist/ has no build yet or a source file
// changed since the last build, and says so: a start on an unchanged tree goes straight to the server.
//
// What was built is recorded in dist/.build-sources.json: every source file (core/, plugins/, tools/,
// features/ without .feature and .md files, package.json, package-lock.json, tsconfig.json) with its size and
// modification time, as they were when the build began. A build that fails records nothing. Plain JavaScript:
// it must run before anything is compiled.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const SOURCE_DIRS = ['core', 'plugins', 'tools', 'features'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
/** Files in the source folders that no build step reads. */
const NOT_BUILT = /\.(feature|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const RECORD = join('dist', '.build-sources.json');

/** `{ "<path>": "<size>:<mtime ms>" }` of every source file under `root`. */
function sourceRecord(root) {
  const record = {};
  const note = (path) => {
    const s = statSync(join(root, path));
    record[path] = `${s.size}:${s.mtimeMs}`;
  };
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) { if (!SKIPPED_DIRS.has(e.name)) walk(path); }
      else if (e.isFile() && !NOT_BUILT.test(e.name)) note(path);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) note(file);
  return record;
}

/** Why `root` needs a build (`no build yet`, `core/a.ts changed`, `core/a.ts and 2 more changed`), or undefined. */
function staleness(root) {
  if (!existsSync(join(root, 'dist', 'core', 'cli.js'))) return 'no build yet';
  let built;
  try {
    built = JSON.parse(readFileSync(join(root, RECORD), 'utf8'));
  } catch {
    return 'no record of the last build';
  }
  const now = sourceRecord(root);
  const changed = Object.keys(now).filter((p) => built[p] !== now[p]);
  for (const p of Object.keys(built)) if (!(p in now)) changed.push(p);
  if (changed.length === 0) return undefined;
  changed.sort();
  return changed.length === 1 ? `${changed[0]} changed` : `${changed[0]} and ${changed.length - 1} more changed`;
}

function tsc(...args) {
  return [require.resolve('typescript/bin/tsc', { paths: [ROOT] }), ...args];
}

const STEPS = [
  ['compiling TypeScript into dist/', () => tsc('-p', 'tsconfig.json')],
  ['type-checking the web console app', () => tsc('-p', join('plugins', 'web-console', 'app', 'tsconfig.json'))],
  ['bundling the web console', () => [join('dist', 'plugins', 'web-console', 'build', 'bundle-app.js')]],
  ['writing the plugin type declarations', () => [join('dist', 'tools', 'plugin-types.js')]],
];

/** Runs every step in `root`; true when all succeeded (the record is then written). */
function build(root, progress) {
  const started = Date.now();
  const record = sourceRecord(root);
  for (const [i, [what, args]] of STEPS.entries()) {
    const stepStart = Date.now();
    if (progress) process.stdout.write(`svc: [${i + 1}/${STEPS.length}] ${what} …\n`);
    const r = spawnSync(process.execPath, args(), { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      process.stderr.write(`svc: build failed while ${what}${r.error ? `: ${r.error.message}` : ''}\n`);
      return false;
    }
    if (progress) process.stdout.write(`svc: [${i + 1}/${STEPS.length}] done in ${((Date.now() - stepStart) / 1000).toFixed(1)} s\n`);
  }
  mkdirSync(join(root, 'dist'), { recursive: true });
  const file = join(root, RECORD);
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
  if (progress) process.stdout.write(`svc: built in ${((Date.now() - started) / 1000).toFixed(1)} s; later starts skip this until a source file changes\n`);
  return true;
}

function main(argv) {
  if (!argv.includes('--if-changed')) return build(ROOT, false) ? 0 : 1;
  const reason = staleness(ROOT);
  if (reason === undefined) return 0;
  try {
    require.resolve('typescript/bin/tsc', { paths: [ROOT] });
  } catch {
    if (!existsSync(join(ROOT, 'dist', 'core', 'cli.js'))) {
      process.stderr.write('svc: cannot build: TypeScript is not installed (run npm ci first)\n');
      return 1;
    }
    process.stderr.write(`svc: ${reason} since the last build, but TypeScript is not installed: starting the existing build\n`);
    return 0;
  }
  process.stdout.write(`svc: building (${reason}); this takes about a minute the first time\n`);
  return build(ROOT, true) ? 0 : 1;
}

module.exports = { sourceRecord, staleness, RECORD };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
