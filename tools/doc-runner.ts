/**
 * Runs the code blocks of Markdown documents the way docs/writing-docs.md describes: one fresh server
 * per document (empty temporary root, every listener on 127.0.0.1 with an ephemeral port, the
 * document's `docs-runner: server.conf` lines), its runnable blocks in order from one scratch folder
 * where the repository's docs/ and conf/ folders and README.md are linked (nothing a block could
 * break: no package.json, node_modules or dist/), default ports rewritten to the real ones.
 * `no-run` blocks are syntax-checked only. A document without a runnable block starts no server.
 *
 * `node dist/tools/doc-runner.js README.md docs/x.md` runs documents by hand and prints each block's result.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { RunningServer, startServer } from '../core/bootstrap';
import { envName } from '../core/config/env-overrides';
import { SERVER_KEYS } from '../core/config/server-keys';
import { PROJECT_DIR } from '../core/project';
import { defaultBundle } from '../plugins/default-bundle';
import { DocBlock, docBlocks, isRunnableLanguage, PYTHON_LANGUAGES, serverConfLines } from './doc-blocks';
import { addressKeys, LISTENER_KEYS, rewritePorts } from './doc-ports';

const BLOCK_TIMEOUT_MS = 60_000;
const PYTHON = '/usr/bin/python3';

export interface BlockResult {
  readonly file: string;
  readonly line: number;
  readonly ran: boolean;
  /** Undefined when the block did what the document says; otherwise why not. */
  readonly failure: string | undefined;
}

interface Execution {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function execute(command: string, args: readonly string[], cwd: string, input?: string): Promise<Execution> {
  return new Promise((resolve) => {
    // NODE_PATH: `require` in a Node program of a block finds the project's npm packages, as in a reader's project that installed them.
    const env = { ...process.env, NODE_PATH: join(PROJECT_DIR, 'node_modules') };
    const child = spawn(command, [...args], { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => { stderr += `\n(killed after ${BLOCK_TIMEOUT_MS} ms)`; child.kill('SIGKILL'); }, BLOCK_TIMEOUT_MS);
    child.stdout?.on('data', (c: Buffer) => { stdout += c.toString('utf8'); });
    child.stderr?.on('data', (c: Buffer) => { stderr += c.toString('utf8'); });
    child.on('error', (e) => { stderr += e.message; });
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
    if (child.stdin) {
      child.stdin.on('error', () => undefined); // a program that exits without reading its input
      child.stdin.end(input);
    }
  });
}

function runBlock(block: DocBlock, text: string, cwd: string): Promise<Execution> {
  return PYTHON_LANGUAGES.includes(block.language)
    ? execute(PYTHON, ['-'], cwd, text)
    : execute('bash', ['-e', '-o', 'pipefail', '-c', text], cwd);
}

function syntaxCheck(block: DocBlock, cwd: string): Promise<Execution> {
  return PYTHON_LANGUAGES.includes(block.language)
    ? execute(PYTHON, ['-c', 'import ast,sys; ast.parse(sys.stdin.read())'], cwd, block.text)
    : execute('bash', ['-n', '-c', block.text], cwd);
}

/** What a block's working folder links from the repository. */
const LINKED: readonly string[] = ['docs', 'conf', 'README.md'];

/** A scratch working folder with links to the repository's docs/, conf/ and README.md. */
function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-docs-cwd-'));
  for (const name of LINKED) symlinkSync(join(PROJECT_DIR, name), join(dir, name));
  return dir;
}

/** The document's server: its server.conf lines, every listener on 127.0.0.1 with an ephemeral port, log lines dropped. */
function startDocServer(root: string, confLines: readonly string[]): Promise<RunningServer> {
  const env: Record<string, string> = {};
  for (const key of addressKeys(SERVER_KEYS).keys()) env[envName(key)] = '127.0.0.1:0';
  mkdirSync(join(root, 'conf'), { recursive: true });
  writeFileSync(join(root, 'conf', 'server.conf'), confLines.join('\n') + '\n');
  const console = new Writable({ write: (_chunk, _encoding, done) => done() });
  return startServer({ rootDir: root, bundle: defaultBundle, env, console });
}

/** Runs one document; every block gets a result. */
export async function runDocument(path: string): Promise<BlockResult[]> {
  const file = relative(PROJECT_DIR, path);
  const markdown = readFileSync(path, 'utf8');
  const blocks = docBlocks(markdown);
  const results: BlockResult[] = [];
  const runnable = blocks.filter((b) => isRunnableLanguage(b.language) && !b.noRun);
  const cwd = scratchFolder();
  const root = runnable.length > 0 ? mkdtempSync(join(tmpdir(), 'svc-docs-root-')) : undefined;
  let server: RunningServer | undefined;
  try {
    if (root !== undefined) server = await startDocServer(root, serverConfLines(markdown));
    const ports = new Map<number, number>();
    for (const [key, defaultPort] of addressKeys(SERVER_KEYS)) {
      const bound = server?.listeners.get(key);
      if (bound !== undefined) ports.set(defaultPort, bound.port);
    }
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i];
      const expected = blocks[i + 1]?.isOutput === true ? blocks[i + 1].text : undefined;
      results.push({ file, line: block.line, ...await check(block, expected, cwd, server, ports) });
    }
  } finally {
    await server?.stop();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
  return results;
}

async function check(block: DocBlock, expectedOutput: string | undefined, cwd: string, server: RunningServer | undefined,
  ports: ReadonlyMap<number, number>): Promise<{ ran: boolean; failure: string | undefined }> {
  if (block.unknownWords.length > 0) {
    return { ran: false, failure: `unknown words in the info string: ${block.unknownWords.join(' ')} (docs/writing-docs.md lists the known ones)` };
  }
  if (!isRunnableLanguage(block.language)) return { ran: false, failure: undefined };
  if (block.noRun) {
    const r = await syntaxCheck(block, cwd);
    return { ran: false, failure: r.code === 0 ? undefined : `no-run block is not valid ${block.language}: ${r.stderr.trim()}` };
  }
  for (const listener of block.needs) {
    const key = LISTENER_KEYS[listener];
    if (key === undefined) return { ran: false, failure: `needs=${listener}: unknown listener (one of ${Object.keys(LISTENER_KEYS).join(', ')})` };
    if (!server?.listeners.has(key)) {
      return { ran: false, failure: `needs the ${listener} listener (${key}), which the server does not run: is its plugin in the bundle and enabled?` };
    }
  }
  const r = await runBlock(block, rewritePorts(block.text, ports), cwd);
  if (r.code !== block.exit) {
    return { ran: true, failure: `exit status ${r.code}, expected ${block.exit}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}` };
  }
  if (expectedOutput !== undefined && r.stdout.trimEnd() !== expectedOutput.trimEnd()) {
    return { ran: true, failure: `standard output differs from the output block\n--- expected\n${expectedOutput}--- actual\n${r.stdout}` };
  }
  return { ran: true, failure: undefined };
}

/** README.md and every Markdown file under docs/, in a stable order. */
export function projectDocuments(): string[] {
  const found: string[] = [join(PROJECT_DIR, 'README.md')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.md')) found.push(p);
    }
  };
  walk(join(PROJECT_DIR, 'docs'));
  return found;
}

async function main(): Promise<void> {
  const paths = process.argv.slice(2);
  let failed = 0;
  for (const path of paths.length > 0 ? paths.map((p) => join(process.cwd(), p)) : projectDocuments()) {
    for (const r of await runDocument(path)) {
      if (r.failure !== undefined) failed++;
      process.stdout.write(`${r.failure === undefined ? 'ok  ' : 'FAIL'} ${r.file}:${r.line}${r.ran ? '' : ' (not run)'}`
        + `${r.failure === undefined ? '' : `\n${r.failure}`}\n`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

if (require.main === module) void main();
