/**
 * json-schema.tool-schema.branch-property-refused: a property declared (or required) in a schema
 * the object applies in place (an allOf, anyOf or oneOf branch, then, else, a dependentSchemas
 * entry, or a local $ref among them) that the object's own closure refuses:
 * `additionalProperties` sees only the `properties` and `patternProperties` beside it, so
 * `{properties: {c}, additionalProperties: false, then: {properties: {zip}}}` refuses every value
 * holding zip, though the branch seems to allow it. The author nearly always meant
 * `unevaluatedProperties: false`, or to declare the name beside the closure. A dialect that writes
 * the branch in words would invite a model to send what the server refuses. A warning: the schema
 * means what it says. Names an allOf chain requires are json-schema.tool-schema.required-refused
 * (the object accepts nothing), not repeated here.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { nameSchemas } from '../../name-schemas.js';
import { acceptsNoValue } from '../../accepts-no-value.js';
import { inPlaceBranches, type InPlaceBranch } from '../in-place-branches.js';
import { isRecord } from '../is-record.js';
import { refusingClosure } from './required-refused.js';

export const branchPropertyRefused: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      if (!refusingClosure(node)) return undefined;
      const said = new Set<string>();
      const branches = inPlaceBranches(node, at, schema.value, schema.path);
      const chainRequired = requiredByChain(node, branches);
      for (const b of branches) {
        const props = b.node.properties;
        const names = isRecord(props) ? Object.keys(props).map((n) => [n, join(join(b.path, 'properties'), n)] as const) : [];
        // Required names of a branch that does not always apply: the value it requires them of is refused.
        const required = !b.always && Array.isArray(b.node.required) ? b.node.required.flatMap((n, i) => (typeof n === 'string' ? [[n, join(join(b.path, 'required'), i)] as const] : [])) : [];
        for (const [name, path] of [...names, ...required]) {
          if (said.has(name) || (b.always && chainRequired.has(name)) || !refused(node, name)) continue;
          said.add(name);
          ctx.report(RULE.branchPropertyRefused, 'warning', `${JSON.stringify(name)} is declared under ${b.via}, but the additionalProperties beside it refuses it (additionalProperties sees only the properties declared beside it, not those of branches), so no value holding ${JSON.stringify(name)} is accepted; declare it in properties beside additionalProperties, or close the object with unevaluatedProperties: false instead.`, path);
        }
      }
      return undefined;
    });
  }
};

/** The object's closure applies to `name` and accepts nothing. */
function refused(node: Record<string, unknown>, name: string): boolean {
  const reading = nameSchemas(node, name);
  return reading !== undefined && reading.undecided.length === 0 && reading.applied.length === 1 && reading.applied[0] === reading.closure && acceptsNoValue(reading.closure.schema);
}

/** The names required of every value by the object or an allOf chain: required-refused says them. */
function requiredByChain(node: Record<string, unknown>, branches: readonly InPlaceBranch[]): Set<unknown> {
  const names = new Set<unknown>(Array.isArray(node.required) ? node.required : []);
  for (const b of branches) if (b.always && Array.isArray(b.node.required)) for (const n of b.node.required) names.add(n);
  return names;
}
