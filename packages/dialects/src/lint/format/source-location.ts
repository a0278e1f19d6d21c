/** Where a JSON pointer sits in the source text, for people and for SARIF regions. */
export interface SourcePosition {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export type Locate = (pointer: string) => SourcePosition | undefined;
