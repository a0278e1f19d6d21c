/**
 * The warnings `judge.warm()` gives about a schema's patterns: each pattern the linear-time engine
 * could not take (it runs natively, on bounded strings only), or every pattern when that engine is
 * not installed. Run after compiling, which is when Ajv hands the patterns to the engine.
 */
import type { Diagnostic } from '../diagnostics.js';
import { escapeToken } from '../json-pointer.js';
import { linearEngineAvailable, nativeFallbackPatterns } from './safe-regexp.js';

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

export function patternWarnings(schema: unknown, at: string, nativeMaxLength: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (node === null || typeof node !== 'object' || depth > 512) return;
    if (Array.isArray(node)) {
      node.forEach((v, i) => visit(v, `${path}/${i}`, depth + 1));
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      const p = `${path}/${escapeToken(k)}`;
      const patterns = k === 'pattern' && typeof v === 'string' ? [v] : k === 'patternProperties' && v && typeof v === 'object' ? Object.keys(v) : [];
      for (const pattern of patterns) {
        if (linearEngineAvailable && !nativeFallbackPatterns.has(pattern)) continue;
        out.push({
          code: 'judge.pattern-not-linear',
          severity: 'warning',
          message: linearEngineAvailable
            ? `The pattern ${pattern} uses a feature the linear-time engine cannot run (look-around or back-reference); strings longer than ${nativeMaxLength} characters are refused for it.`
            : `The linear-time pattern engine (re2js) is not installed; strings longer than ${nativeMaxLength} characters are refused for the pattern ${pattern}.`,
          path: p,
        });
      }
      if (!DATA_KEYWORDS.has(k)) visit(v, p, depth + 1);
    }
  };
  visit(schema, at, 0);
  return out;
}
