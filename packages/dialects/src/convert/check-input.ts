/**
 * Every schema of an input is checked against its meta-schema (2020-12 or draft-07, by its
 * `$schema`) with the linter's own check (lint/meta-check.ts), so an invalid schema is refused in
 * every dialect, canonical included: `invalid-schema` errors at the offending values. Run after
 * the walk, whose guards have already refused cyclic objects and runaway nesting.
 */
import type { Diagnostic } from '../diagnostics.js';
import { checkSchemaDocument } from '../lint/meta-check.js';

export function checkInputSchemas(schemas: readonly (readonly [unknown, string])[], diags: Diagnostic[]): void {
  for (const [schema, prefix] of schemas) {
    try {
      for (const p of checkSchemaDocument(schema, prefix)) diags.push({ code: 'invalid-schema', severity: 'error', message: p.message, path: p.path });
    } catch (err) {
      // Only a caller who raised maxDepth far past the default can nest deeper than the stack.
      if (!(err instanceof RangeError)) throw err;
      diags.push({ code: 'too-deep', severity: 'error', message: 'the schema nests too deep to be checked against its meta-schema', path: prefix });
    }
  }
}
