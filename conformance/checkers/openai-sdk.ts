/**
 * openai-node's own strict-mode check, run over a dialect output: `toStrictJsonSchema` from
 * `openai/lib/transform` (openai 6.49.0, installed here; 7.x needs Node 22). It throws on what
 * strict Structured Outputs refuses, naming the path, and normalises what it can; an output must
 * come back unchanged, or changed only where a decision of docs/dialects/decisions.md ("What the
 * vendors' SDKs change") says so:
 * - spelling only: `required` in property order (it is a set), and `type` beside a union of typed
 *   branches or beside enum/const.
 */
import { toStrictJsonSchema } from 'openai/lib/transform';
import { requiredOrder, sdkProblems, typeBesideLiterals, typeBesideTypedUnion, type Decision } from './sdk-diff.js';

export const name = 'openai-sdk';

export const DECISIONS: readonly Decision[] = [requiredOrder, typeBesideTypedUnion, typeBesideLiterals];

export function check(schema: unknown): string[] {
  return sdkProblems('toStrictJsonSchema', toStrictJsonSchema as (s: unknown) => unknown, DECISIONS, schema);
}
