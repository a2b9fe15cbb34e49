/**
 * Finds the SQL statements of an editor buffer: `;` ends a statement unless it sits in a 'string',
 * a "quoted identifier", a -- line comment or a block comment. Spans point at the statement text without
 * surrounding white space, so a server error position plus `from` is the offset in the buffer.
 */
export interface StatementSpan {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

const enum State { Code, Single, Double, Line, Block }

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
}

export function splitStatements(sql: string): StatementSpan[] {
  const spans: StatementSpan[] = [];
  let state = State.Code;
  let start = 0;
  let hasCode = false;
  const close = (end: number): void => {
    if (hasCode) {
      let from = start;
      let to = end;
      while (from < to && isSpace(sql[from])) from++;
      while (to > from && isSpace(sql[to - 1])) to--;
      spans.push({ from, to, text: sql.slice(from, to) });
    }
    start = end + 1;
    hasCode = false;
  };
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    switch (state) {
      case State.Code:
        if (c === ';') close(i);
        else if (c === '\'') { state = State.Single; hasCode = true; }
        else if (c === '"') { state = State.Double; hasCode = true; }
        else if (c === '-' && sql[i + 1] === '-') { state = State.Line; i++; }
        else if (c === '/' && sql[i + 1] === '*') { state = State.Block; i++; }
        else if (!isSpace(c)) hasCode = true;
        break;
      case State.Single:
        if (c === '\'') state = State.Code; // '' inside a string is two quotes in a row: leave and re-enter
        break;
      case State.Double:
        if (c === '"') state = State.Code;
        break;
      case State.Line:
        if (c === '\n') state = State.Code;
        break;
      case State.Block:
        if (c === '*' && sql[i + 1] === '/') { state = State.Code; i++; }
        break;
    }
  }
  close(sql.length);
  return spans;
}

/**
 * The statement to run for a cursor: the one containing it (its end included, so `select 1;|` is
 * `select 1`), else the nearest one before it, else the first one after it.
 */
export function statementAt(sql: string, cursor: number): StatementSpan | undefined {
  const spans = splitStatements(sql);
  let before: StatementSpan | undefined;
  for (const s of spans) {
    if (cursor >= s.from && cursor <= s.to) return s;
    if (s.to < cursor) before = s;
  }
  return before ?? spans[0];
}
