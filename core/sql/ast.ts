/**
 * The SQL abstract syntax tree produced by SqlGrammar.parse. Every node carries `position`, the
 * 0-based character offset of the token it starts at, so errors can point into the query text.
 * (Completed by the SQL grammar work; this is the statement envelope the rest of the core relies on.)
 */
export interface Node {
  readonly kind: string;
  readonly position: number;
}

export type Statement = Node;
