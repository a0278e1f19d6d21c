/**
 * Patterns a validator cannot compile. JSON Schema patterns are ECMA-262 regular expressions, read
 * with the u flag as Ajv and the judge read them: a pattern valid only without it (Annex B, e.g.
 * "a{,2}") means nothing there. One reading for lint (its own finding) and for convert, which
 * refuses such a schema as `invalid-schema` in every dialect: the judge could not compile it, so an
 * MCP server would refuse the tool, and a vendor would refuse the pattern.
 */
import { join } from '../json-pointer.js';
import type { Problem } from './analyse-schema.js';
import { walkSchema } from './schema-walk.js';

// Patterns repeat across a server's tools; a bounded memo keeps the quick check from compiling each again.
// Each entry: the engine's reason a pattern does not compile, or '' when it does.
const reasons = new Map<string, string>();
const MEMO_MAX = 512;

/** Why `source` does not compile as a regular expression with the u flag; '' when it does. */
function compileError(source: string): string {
  let reason = reasons.get(source);
  if (reason !== undefined) return reason;
  reason = '';
  try {
    new RegExp(source, 'u');
  } catch (e) {
    reason = (e as Error).message;
  }
  if (reasons.size >= MEMO_MAX) reasons.clear();
  reasons.set(source, reason);
  return reason;
}

/** Whether `source` compiles as a regular expression with the u flag. */
export function patternCompiles(source: string): boolean {
  return compileError(source) === '';
}

/** Each `pattern` and `patternProperties` key of `schema` that does not compile, as an error at its pointer. */
export function patternProblems(schema: unknown, path: string): Problem[] {
  const problems: Problem[] = [];
  const check = (source: string, at: string) => {
    const reason = compileError(source);
    if (reason === '') return;
    let hint = '';
    try {
      new RegExp(source);
      hint = '; it is valid only without the u flag (a legacy web-browser reading), which JSON Schema validators do not use';
    } catch {
      // invalid either way
    }
    problems.push({ path: at, severity: 'error', message: `Pattern ${JSON.stringify(source)} is not a valid ECMA-262 regular expression with the u flag (${reason})${hint}.` });
  };
  walkSchema(schema, path, (node, at) => {
    if (typeof node.pattern === 'string') check(node.pattern, `${at}/pattern`);
    const pp = node.patternProperties;
    if (typeof pp === 'object' && pp !== null && !Array.isArray(pp)) {
      for (const key of Object.keys(pp)) check(key, join(`${at}/patternProperties`, key));
    }
    return undefined;
  });
  return problems;
}
