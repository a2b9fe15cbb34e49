/**
 * The code blocks of a Markdown document as the docs runner sees them (docs/writing-docs.md): fenced
 * blocks with their language, the runner's words from the info string (`no-run`, `needs=pg`,
 * `exit=22`, `output`), and the line they start on. Parsing is CommonMark's (markdown-it), so fences
 * in lists, `~~~` fences and longer backtick runs count exactly as GitHub renders them.
 */
import MarkdownIt from 'markdown-it';

/** Languages whose blocks are commands: the shell ones run with bash, python with /usr/bin/python3. */
export const SHELL_LANGUAGES: readonly string[] = ['bash', 'sh', 'shell'];
export const PYTHON_LANGUAGES: readonly string[] = ['python', 'python3', 'py'];

export interface DocBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly language: string;
  readonly text: string;
  /** `no-run`: shown, syntax-checked, never executed. */
  readonly noRun: boolean;
  /** `needs=<listener>,…`: listeners the block talks to (http, min, ilp, pg). */
  readonly needs: readonly string[];
  /** `exit=<n>`: the exit status the block must end with (default 0). */
  readonly exit: number;
  /** `output`: this block is the exact standard output of the runnable block before it. */
  readonly isOutput: boolean;
  /** Info-string words the runner does not know (reported, so a typo such as `norun` is not silent). */
  readonly unknownWords: readonly string[];
}

export function isRunnableLanguage(language: string): boolean {
  return SHELL_LANGUAGES.includes(language) || PYTHON_LANGUAGES.includes(language);
}

/** `server.conf` lines a document asks its server to start with: `<!-- docs-runner: server.conf key=value -->`. */
export function serverConfLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const m of markdown.matchAll(/<!--\s*docs-runner:\s*server\.conf\s+([^\s].*?)\s*-->/g)) lines.push(m[1]);
  return lines;
}

export function docBlocks(markdown: string): DocBlock[] {
  const md = new MarkdownIt();
  const blocks: DocBlock[] = [];
  for (const token of md.parse(markdown, {})) {
    if (token.type !== 'fence') continue;
    const [language = '', ...words] = token.info.trim().split(/\s+/);
    let noRun = false;
    let isOutput = false;
    let exit = 0;
    const needs: string[] = [];
    const unknownWords: string[] = [];
    for (const word of words) {
      if (word === 'no-run') noRun = true;
      else if (word === 'output') isOutput = true;
      else if (word.startsWith('needs=')) needs.push(...word.slice('needs='.length).split(',').filter((n) => n !== ''));
      else if (/^exit=\d+$/.test(word)) exit = Number(word.slice('exit='.length));
      else unknownWords.push(word);
    }
    blocks.push({
      line: (token.map?.[0] ?? 0) + 1, language: language.toLowerCase(), text: token.content,
      noRun, needs, exit, isOutput, unknownWords,
    });
  }
  return blocks;
}
