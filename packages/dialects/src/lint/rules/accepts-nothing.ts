/**
 * json-schema.tool-schema.accepts-nothing: a schema that accepts no value (or none of one type)
 * though no single keyword says so. Either a lower bound above its upper bound (`minimum: 10,
 * maximum: 5`, `minLength: 4, maxLength: 2`, `minItems`/`maxItems`, `minProperties`/
 * `maxProperties`, `minContains`/`maxContains`), or an exclusive pair that leaves no number
 * (`exclusiveMinimum: 5, exclusiveMaximum: 5`). No value of that type passes, which is almost
 * always a typo; a dialect that carries the bounds in words would tell a model "Between 5 and 2
 * items.". Or types that have no value in common, or a const outside the enum beside it
 * (src/no-value.ts, the answer convert reports as accepts-nothing too). A warning, as for
 * required-refused: the schema means what it says, and the judge refuses each such value.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { noValueReason } from '../../no-value.js';

/** Lower and upper count keywords, and the values they count. */
const COUNTS: readonly (readonly [string, string, string])[] = [
  ['minLength', 'maxLength', 'string'],
  ['minItems', 'maxItems', 'array'],
  ['minProperties', 'maxProperties', 'object'],
  ['minContains', 'maxContains', 'array that has contains'],
];

export const acceptsNothing: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      const number = (k: string): number | undefined => (typeof node[k] === 'number' ? (node[k] as number) : undefined);
      for (const [low, high, what] of COUNTS) {
        const a = number(low);
        const b = number(high);
        if (a !== undefined && b !== undefined && a > b) {
          ctx.report(RULE.acceptsNothing, 'warning', `${low} ${a} is above ${high} ${b}, so no ${what} is accepted here.`, join(at, low));
        }
      }
      const empty = emptyNumberRange(number('minimum'), number('exclusiveMinimum'), number('maximum'), number('exclusiveMaximum'));
      if (empty !== undefined) ctx.report(RULE.acceptsNothing, 'warning', `${empty[1]}, so no number is accepted here.`, join(at, empty[0]));
      const why = noValueReason(node);
      if (why !== undefined) ctx.report(RULE.acceptsNothing, 'warning', `This schema accepts no value: ${why}.`, at);
      return undefined;
    });
  }
};

/** The lower bound's keyword and why no number lies between it and an upper bound, or undefined. */
function emptyNumberRange(min: number | undefined, xmin: number | undefined, max: number | undefined, xmax: number | undefined): [string, string] | undefined {
  const lows: [string, number, boolean][] = [];
  if (min !== undefined) lows.push(['minimum', min, false]);
  if (xmin !== undefined) lows.push(['exclusiveMinimum', xmin, true]);
  const highs: [string, number, boolean][] = [];
  if (max !== undefined) highs.push(['maximum', max, false]);
  if (xmax !== undefined) highs.push(['exclusiveMaximum', xmax, true]);
  for (const [lk, l, lx] of lows) {
    for (const [hk, h, hx] of highs) {
      if (l > h || (l === h && (lx || hx))) return [lk, `${lk} ${l} ${l === h ? 'meets' : 'is above'} ${hk} ${h}`];
    }
  }
  return undefined;
}
