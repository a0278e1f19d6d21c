// Types for blocks.mjs, so TypeScript tests can read README blocks the way the consumer test does.
export interface CodeBlock {
  /** The first word of the fence's info string: `ts`, `js`, `sh`, `text`. */
  lang: string;
  info: string;
  /** The block's lines, ending with a newline. */
  text: string;
  /** Set when the line before the fence is `<!-- file: NAME -->`. */
  file: string | undefined;
  /** 1-based line of the opening fence. */
  line: number;
}
export function codeBlocks(markdown: string): CodeBlock[];
export function isNoRun(block: CodeBlock): boolean;
