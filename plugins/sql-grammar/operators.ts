/**
 * Operator precedence, QuestDB's SQL dialect (high to low): `.`; `::`; unary `-` `~`; `* / %`; `+ -`;
 * `<< >> <<= >>=`; `||`; `&`; `^`; `|`; `IN BETWEEN WITHIN`; `< <= > >=`;
 * `= ~ != <> !~ LIKE ILIKE`; `NOT`; `AND`; `OR`. A higher number binds tighter.
 */
import { TokenType } from 'chevrotain';
import type { BinaryOperator } from '../../core/sql/ast';
import * as T from './tokens';

export const Precedence = {
  none: 0,
  or: 1,
  and: 2,
  not: 3,
  equality: 4,
  relational: 5,
  in: 6,
  bitOr: 7,
  bitXor: 8,
  bitAnd: 9,
  concat: 10,
  shift: 11,
  additive: 12,
  multiplicative: 13,
  unary: 14,
  cast: 15,
  subscript: 16,
  /** Above every operator: parses one operand only (a function call in FROM, a SET target). */
  operand: 17,
} as const;

const SUBRULE_OPTIONS: readonly { readonly ARGS: [number] }[] = Array.from({ length: Precedence.operand + 1 }, (_, p) => ({ ARGS: [p] }));

/** SUBRULE options for `expr(minPrecedence)`, shared so a call allocates nothing. */
export function above(precedence: number): { readonly ARGS: [number] } {
  return SUBRULE_OPTIONS[precedence];
}

interface OperatorInfo {
  readonly op: BinaryOperator;
  readonly precedence: number;
}

const entries: readonly [TokenType, BinaryOperator, number][] = [
  [T.Star, '*', Precedence.multiplicative], [T.Slash, '/', Precedence.multiplicative],
  [T.Percent, '%', Precedence.multiplicative],
  [T.Plus, '+', Precedence.additive], [T.Minus, '-', Precedence.additive],
  [T.ShiftLeft, '<<', Precedence.shift], [T.ShiftRight, '>>', Precedence.shift],
  [T.LessEqualShift, '<<=', Precedence.shift], [T.GreaterEqualShift, '>>=', Precedence.shift],
  [T.Concat, '||', Precedence.concat], [T.Ampersand, '&', Precedence.bitAnd],
  [T.Caret, '^', Precedence.bitXor], [T.Pipe, '|', Precedence.bitOr],
  [T.Less, '<', Precedence.relational], [T.LessEqual, '<=', Precedence.relational],
  [T.Greater, '>', Precedence.relational], [T.GreaterEqual, '>=', Precedence.relational],
  [T.Equal, '=', Precedence.equality], [T.NotEqual, '!=', Precedence.equality],
  [T.Tilde, '~', Precedence.equality], [T.NotRegex, '!~', Precedence.equality],
  [T.Keyword.and, 'and', Precedence.and], [T.Keyword.or, 'or', Precedence.or],
];

const BY_TOKEN = new Map<TokenType, OperatorInfo>(entries.map(([t, op, precedence]) => [t, { op, precedence }]));

export function binaryOperatorOf(type: TokenType): OperatorInfo | undefined {
  return BY_TOKEN.get(type);
}
