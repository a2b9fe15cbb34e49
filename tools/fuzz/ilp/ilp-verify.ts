/**
 * The differential half of the line-protocol fuzzer: every row the server acknowledged (a 204, or the lines
 * before a TCP connection's bad line or end) must read back exactly as written, no row may be there that was
 * not acknowledged, and nothing of a refused request may be. Reads each checked table in pages by `id`.
 */
import { expectedCells, FuzzRow, READ_BACK } from './ilp-rows';
import { IlpTarget } from './ilp-target';

const PAGE = 20_000;

/** What differs: at most `max` descriptions, in id order per table. */
export async function verifyTables(target: IlpTarget, model: ReadonlyMap<string, ReadonlyMap<number, FuzzRow>>, max = 20): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, rows] of model) {
    const ids = [...rows.keys()].sort((a, b) => a - b);
    const top = (ids[ids.length - 1] ?? 0) + 1;
    const seen = new Set<number>();
    for (let lo = 0; lo < top && problems.length < max; lo += PAGE) {
      const answer = await target.exec(`${READ_BACK} from ${table} where id >= ${lo} and id < ${lo + PAGE} order by id`);
      if (answer.status !== 200) { problems.push(`${table}: read back failed ${answer.status} ${answer.body.slice(0, 300)}`); break; }
      const dataset = (JSON.parse(answer.body) as { dataset: unknown[][] }).dataset;
      for (const cells of dataset) {
        const id = Number(cells[0]);
        const row = rows.get(id);
        if (row === undefined) { problems.push(`${table}: row id=${id} was never acknowledged: ${JSON.stringify(cells)}`); continue; }
        if (seen.has(id)) problems.push(`${table}: row id=${id} is there twice`);
        seen.add(id);
        const diff = difference(expectedCells(row), cells);
        if (diff !== undefined) problems.push(`${table}: row id=${id} ${diff}`);
        if (problems.length >= max) break;
      }
    }
    for (const id of ids) {
      if (problems.length >= max) break;
      if (!seen.has(id)) problems.push(`${table}: acknowledged row id=${id} is missing`);
    }
  }
  return problems;
}

const NAMES = ['id', 's', 's2', 'd', 'l', 'b', 'v', 't', 'tn', 'arr', 'timestamp'];

/** The first column that differs (undefined expected: not compared), or undefined. */
function difference(expected: readonly unknown[], actual: readonly unknown[]): string | undefined {
  for (let k = 0; k < expected.length; k++) {
    if (expected[k] === undefined) continue;
    if (!same(expected[k], actual[k])) return `column ${NAMES[k]}: expected ${JSON.stringify(expected[k])}, read ${JSON.stringify(actual[k])}`;
  }
  return undefined;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return a === b;
}
