/**
 * json-schema.tool-schema.keyword-misspelt: a key of a schema that is no keyword but lies within two
 * edits of one (`propertes`, `requried`, `maxlength`, `tpye`). JSON Schema ignores an unknown key,
 * so the rule it was meant to state constrains nothing: `{"type": "object", "propertes": {...}}`
 * accepts any object, and a strict dialect that closes objects publishes `{}` as the only call.
 * Only near misses are reported: a key far from every keyword is an author's own annotation. A key
 * of four letters or fewer must be one edit away (`name` is no misspelling of `not`). A warning:
 * the schema is valid and means what it says.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { KNOWN_KEYWORDS, keywordDistance, nearestKeyword } from '../../keyword-spelling.js';

export const keywordMisspelt: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      for (const key in node) {
        if (KNOWN_KEYWORDS.has(key) || key.startsWith('x-')) continue;
        const near = nearestKeyword(key);
        if (near === undefined || (key.length <= 4 && keywordDistance(key, near) > 1)) continue;
        ctx.report(RULE.keywordMisspelt, 'warning', `"${key}" is no JSON Schema keyword, so it constrains nothing here; did you mean "${near}"?`, join(at, key));
      }
      return undefined;
    });
  }
};
