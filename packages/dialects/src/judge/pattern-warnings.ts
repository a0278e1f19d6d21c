/**
 * The patterns of a schema that run on the bounded path (the native engine in a worker, under a
 * time limit; safe-regexp.ts), and the warnings `judge.warm()` gives about them. Run after
 * compiling, so every pattern found is one the native engine accepts with the `u` flag.
 */
import type { Diagnostic } from '../diagnostics.js';
import { escapeToken } from '../json-pointer.js';
import { planPattern } from './safe-regexp.js';

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
/** Keywords whose members are named subschemas: there, "enum" is a property name, not data. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

interface Found {
  pattern: string;
  path: string;
  reason: string;
}

/** Every `pattern` and `patternProperties` key that has no linear-time plan, with its pointer. */
export function boundedPatterns(schema: unknown, at = ''): Found[] {
  const out: Found[] = [];
  const visit = (node: unknown, path: string, depth: number, inMap = false): void => {
    if (node === null || typeof node !== 'object' || depth > 512) return;
    if (Array.isArray(node)) {
      node.forEach((v, i) => visit(v, `${path}/${i}`, depth + 1));
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      const p = `${path}/${escapeToken(k)}`;
      if (inMap) {
        visit(v, p, depth + 1);
        continue;
      }
      const patterns = k === 'pattern' && typeof v === 'string' ? [v] : k === 'patternProperties' && v && typeof v === 'object' ? Object.keys(v) : [];
      for (const pattern of patterns) {
        let plan;
        try {
          plan = planPattern(pattern);
        } catch {
          continue; // not a pattern Ajv compiled (a property named "pattern", say)
        }
        if (plan.kind === 'bounded') out.push({ pattern, path: k === 'pattern' ? p : `${p}/${escapeToken(pattern)}`, reason: plan.reason });
      }
      if (!DATA_KEYWORDS.has(k)) visit(v, p, depth + 1, SCHEMA_MAPS.has(k));
    }
  };
  visit(schema, at, 0);
  return out;
}

export function patternWarnings(schema: unknown, at: string, limitMs: number): Diagnostic[] {
  return boundedPatterns(schema, at).map(({ pattern, path, reason }) => ({
    code: 'judge.pattern-not-linear',
    severity: 'warning',
    message: `The pattern ${pattern} cannot run in linear time (${reason}): it runs on the native engine in a worker thread, and a call whose pattern checks take longer than ${limitMs} ms is refused.`,
    path,
  }));
}
