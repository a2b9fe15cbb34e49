/**
 * Prints docs/steps.md, the catalogue of the features' steps, from the step definitions themselves (loaded
 * as Cucumber loads them): every phrase with its parameters, whether it needs a server started by the
 * test (local-only steps are refused with `svc-accept --base`), and an example taken from the project's
 * own feature files. `node dist/tools/steps-doc.js > docs/steps.md`; a unit test keeps the file current.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { PROJECT_DIR } from '../core/project';
import { LOCAL_NEEDS, localNeedOf } from '../features/support/local-needs';
import { prepareRun } from './feature-run';
import { StepDefinitionView, stepDefinitionsOf } from './step-definitions';

const PARAMETER_TYPES: Readonly<Record<string, string>> = {
  string: 'text in double quotes',
  int: 'a whole number',
  float: 'a number',
  word: 'one word without spaces',
  listener: '`API` or `min`',
  '': 'anything',
};

/** One step as written in a feature file, with the doc string or table lines that belong to it. */
interface FeatureStep {
  readonly text: string;
  readonly lines: readonly string[];
}

const STEP_LINE = /^\s*(Given|When|Then|And|But|\*)\s+(.*)$/;

function featureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return featureFiles(path);
    return e.name.endsWith('.feature') ? [path] : [];
  }).sort();
}

function featureSteps(): FeatureStep[] {
  const steps: FeatureStep[] = [];
  for (const file of featureFiles(join(PROJECT_DIR, 'features'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    // Step lines inside a doc string (a user's feature file that a scenario writes) are not examples.
    let inDocString = false;
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim().startsWith('"""')) inDocString = !inDocString;
      const m = inDocString ? null : STEP_LINE.exec(lines[i]);
      if (!m) continue;
      const block: string[] = [lines[i].trim()];
      const indent = lines[i].length - lines[i].trimStart().length;
      let j = i + 1;
      for (; j < lines.length; j++) {
        const t = lines[j].trim();
        if (!(t.startsWith('"""') || t.startsWith('|') || !closed(block))) break;
        block.push(' '.repeat(Math.max(0, lines[j].length - lines[j].trimStart().length - indent)) + t);
      }
      steps.push({ text: m[2].trim(), lines: block });
      i = j - 1;
    }
  }
  return steps;
}

/** Whether the doc string opened in `block` has been closed. */
function closed(block: readonly string[]): boolean {
  return block.filter((l) => l.trim().startsWith('"""')).length % 2 === 0;
}

/** At most 8 lines of a doc string or table: enough to show the shape. */
function shortened(lines: readonly string[]): string[] {
  if (lines.length <= 10) return [...lines];
  const fence = lines[lines.length - 1];
  return [...lines.slice(0, 8), `${fence.slice(0, fence.length - fence.trimStart().length)}…`, fence];
}

/** The parameter names of a step function as written (`async function (path, listener)`). */
function parameterNames(code: (...args: never[]) => unknown): string[] {
  const m = /^[^(]*\(([^)]*)\)/.exec(code.toString());
  return (m?.[1] ?? '').split(',').map((p) => p.trim().replace(/[=:].*$/, '').trim()).filter((p) => p !== '');
}

/** The first comment line of a source file's leading JSDoc block. */
function fileSummary(path: string): string {
  try {
    const m = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(path, 'utf8'));
    return (m?.[1] ?? '').split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim()).filter((l) => l !== '').join(' ');
  } catch {
    return '';
  }
}

function describe(d: StepDefinitionView, examples: readonly FeatureStep[]): string {
  const types = [...d.pattern.matchAll(/\{(\w*)\}/g)].map((m) => m[1]);
  const names = parameterNames(d.code);
  const out = [`- **${d.keyword}** \`${d.pattern}\``];
  const params = types.map((t, i) => `\`${names[i] ?? `arg${i + 1}`}\`: ${PARAMETER_TYPES[t] ?? `a \`{${t}}\``}`);
  if (names.length > types.length) {
    params.push(`\`${names[types.length]}\`: ${d.pattern.endsWith(':') ? 'the doc string (`"""` block) or table under the step' : 'the block under the step'}`);
  }
  if (params.length > 0) out.push(`  - parameters: ${params.join('; ')}`);
  const need = localNeedOf(d.options);
  if (need !== undefined) out.push(`  - local only: needs ${LOCAL_NEEDS[need]} (refused with \`--base\`)`);
  // Prefer an example without Scenario Outline placeholders (`<name>`).
  const matching = examples.filter((s) => d.matches(s.text));
  const example = matching.find((s) => !/<\w+>/.test(s.text)) ?? matching[0];
  if (example) {
    // A fence longer than any backtick run in the example, so a doc string holding ``` stays inside it.
    const lines = shortened(example.lines);
    const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))));
    const fence = '`'.repeat(longest + 1);
    out.push('  - example:', '', `    ${fence}gherkin`, ...lines.map((l) => `    ${l}`), `    ${fence}`, '');
  }
  else out.push('  - example: none in features/ yet');
  return out.join('\n');
}

export async function stepsCatalogue(): Promise<string> {
  const prepared = await prepareRun({ paths: [] });
  const definitions = stepDefinitionsOf(prepared.support);
  const examples = featureSteps();
  const byFile = new Map<string, StepDefinitionView[]>();
  for (const d of definitions) byFile.set(d.uri, [...(byFile.get(d.uri) ?? []), d]);
  const sections = [...byFile.keys()].sort().map((uri) => {
    const source = relative(PROJECT_DIR, resolve(PROJECT_DIR, uri)).replace(/^dist\//, '').replace(/\.js$/, '.ts');
    const steps = (byFile.get(uri) ?? []).sort((a, b) => a.line - b.line);
    return [`## ${basename(source, '.ts')}`, '', `${fileSummary(join(PROJECT_DIR, source))} (\`${source}\`)`, '',
      ...steps.map((d) => describe(d, examples).trimEnd()), ''].join('\n');
  });
  return [
    '# Steps',
    '',
    'Every step the behaviour spec (`features/*.feature`) and `svc-accept` understand, generated from the step',
    'definitions by `node dist/tools/steps-doc.js > docs/steps.md` (a unit test keeps this file current).',
    'A feature file of your own may use any of them; `Given`, `When`, `Then`, `And` and `But` are',
    'interchangeable in front of a step. Each step lists its parameters and an example from svc\'s own',
    'features. Steps marked *local only* need a server that the test run starts itself (its root directory,',
    'environment, log or process): with `svc-accept --base URL` a scenario containing one is refused before',
    'it runs.',
    '',
    ...sections,
  ].join('\n').trimEnd() + '\n';
}

if (require.main === module) {
  stepsCatalogue().then((text) => process.stdout.write(text), (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
}
