/**
 * mcp.tool.examples.shape: an MCP Description tool's `examples` is a non-empty map of named
 * examples, each with an object `input` (the arguments) and an object `result`. A plain MCP Tool
 * has no `examples` field, so there an unknown `examples` is left alone.
 */
import { join } from '../../json-pointer.js';
import { RULE } from '../rule-catalog.js';
import { isRecord, type LintRule } from '../rule-context.js';

const CODE = RULE.examplesShape;

export const examplesShape: LintRule = (tool, ctx) => {
  if (!tool.inDescription || !('examples' in tool.tool)) return;
  const examples = ctx.deref(tool.tool.examples, join(tool.path, 'examples'));
  if (!examples) return;
  if (!isRecord(examples.value)) {
    ctx.report(CODE, 'error', 'examples must be a map from example names to examples.', examples.path);
    return;
  }
  const names = Object.keys(examples.value);
  if (names.length === 0) {
    ctx.report(CODE, 'error', 'examples names no example; leave it out when there is none.', examples.path);
  }
  for (const name of names) {
    const example = ctx.deref(examples.value[name], join(examples.path, name));
    if (!example) continue;
    if (!isRecord(example.value)) {
      ctx.report(CODE, 'error', `Example "${name}" must be an object with "input" and "result".`, example.path);
      continue;
    }
    for (const field of ['input', 'result'] as const) {
      const value = example.value[field];
      if (value === undefined) {
        ctx.report(CODE, 'error', `Example "${name}" has no "${field}".`, example.path);
      } else if (!isRecord(value)) {
        ctx.report(
          CODE,
          'error',
          `Example "${name}": "${field}" must be a JSON object${field === 'input' ? ' of arguments' : ''}.`,
          join(example.path, field),
        );
      }
    }
  }
};
