/**
 * json-schema.tool-schema.accepts-nothing: a schema that accepts no value (or none of one type)
 * though no single keyword says so: a crossed range (`minimum: 10, maximum: 5`, `minItems: 5,
 * maxItems: 2`, an integer between 1.2 and 1.8), reported at its lower bound; types of a schema
 * and its allOf branches with no value in common, a const outside the enum beside it, or a type
 * that admits none of the enum or const values, reported at the schema. Almost always a typo, and
 * a dialect that carries the bounds in words would tell a model "Between 5 and 2 items.". One
 * answer with convert (src/no-value.ts). A warning, as for required-refused: the schema means
 * what it says, and the judge refuses each such value. Beside these, lint alone reads bounds that
 * cross through allOf, a multipleOf with no multiple in range, enum or const values outside the
 * schema's own rules, a closed tuple shorter than minItems, contains beside items of other types,
 * and oneOf branches that are the same (lint/no-value-more.ts).
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { crossedRanges, noValueReason } from '../../no-value.js';
import { moreNoValue } from '../no-value-more.js';

export const acceptsNothing: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      for (const r of crossedRanges(node)) ctx.report(RULE.acceptsNothing, 'warning', `${r.reason}, so no ${r.noun} is accepted here.`, join(at, r.keyword));
      // The ranges are said above, at their bounds.
      const why = noValueReason(node, { ranges: false, values: true });
      if (why !== undefined) ctx.report(RULE.acceptsNothing, 'warning', `This schema accepts no value: ${why}.`, at);
      for (const m of moreNoValue(node)) ctx.report(RULE.acceptsNothing, 'warning', `${m.none} is accepted here: ${m.reason}.`, `${at}/${m.at}`);
      return undefined;
    });
  }
};
