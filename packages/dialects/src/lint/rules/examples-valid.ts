/**
 * mcp.tool.examples.valid: an example's `input` validates against `inputSchema`, and its
 * `result.structuredContent` against `outputSchema`. A mismatch is an error; a check that an
 * external reference (or a revision with no dialect) leaves partial is a warning, and the run is
 * marked incomplete.
 */
import { join } from '../../json-pointer.js';
import { isCompilable } from '../analyse-schema.js';
import { compileExampleValidator, type ExampleValidator } from '../example-validator.js';
import { dialectRevisions, legacyRevisions, listRevisions, revisionsWithoutOutputSchema } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { isRecord, type LintRule, type RuleContext } from '../rule-context.js';
import type { Located, ToolEntry } from '../types.js';

const CODE = RULE.examplesValid;

function validatorFor(tool: ToolEntry, schema: Located | undefined, ctx: RuleContext): ExampleValidator | undefined {
  if (!schema) return undefined;
  const mode = dialectRevisions(tool.scope).length > 0 ? 'dialect' : 'legacy';
  const a = ctx.analysis(schema, mode);
  // The schema rules say what is wrong with it; examples cannot be judged by a broken schema.
  if (!isCompilable(a)) return { ok: false, reason: 'the schema itself has errors' };
  return compileExampleValidator(a, schema.path);
}

function check(
  ctx: RuleContext,
  validator: ExampleValidator,
  value: Located,
  what: string,
  against: string,
): void {
  if (!validator.ok) {
    ctx.report(CODE, 'warning', `${what} was not checked against ${against}: ${validator.reason}.`, value.path);
    ctx.incomplete();
    return;
  }
  for (const failure of validator.validate(value.value)) {
    const where = failure.pointer === '' ? '' : ` at ${failure.pointer}`;
    if (failure.conclusive) {
      ctx.report(CODE, 'error', `${what} does not match ${against}${where}: ${failure.message}.`, value.path + failure.pointer);
    } else {
      ctx.report(
        CODE,
        'warning',
        `${what} may not match ${against}${where} (${failure.message}); the external reference it depends on was not fetched.`,
        value.path + failure.pointer,
      );
    }
  }
  if (validator.external.length > 0) {
    ctx.report(
      CODE,
      'warning',
      `${what} was checked against ${against} without ${validator.external.map((r) => JSON.stringify(r)).join(', ')}, which is never fetched; the check is partial.`,
      value.path,
    );
    ctx.incomplete();
  }
}

export const examplesValid: LintRule = (tool, ctx) => {
  if (!('examples' in tool.tool)) return;
  const examples = ctx.deref(tool.tool.examples, join(tool.path, 'examples'));
  if (!examples || !isRecord(examples.value)) return;
  const legacy = legacyRevisions(tool.scope);
  const noStructured = revisionsWithoutOutputSchema(tool.scope);
  let input: ExampleValidator | undefined | null = null;
  let output: ExampleValidator | undefined | null = null;

  for (const name of Object.keys(examples.value)) {
    const example = ctx.deref(examples.value[name], join(examples.path, name));
    if (!example || !isRecord(example.value)) continue;
    // An example kept in components is reported there, away from its tool: name the tool.
    const owner = example.path.startsWith(`${tool.path}/`) ? '' : ` of ${tool.name === undefined ? 'a tool' : `tool "${tool.name}"`}`;
    const label = `Example "${name}"${owner}`;
    let checked = false;
    if (isRecord(example.value.input)) {
      input ??= validatorFor(tool, tool.inputSchema, ctx);
      if (input) {
        check(ctx, input, { value: example.value.input, path: join(example.path, 'input') }, `${label} input`, 'inputSchema');
        checked = true;
      }
    }
    const result = example.value.result;
    if (isRecord(result)) {
      const resultPath = join(example.path, 'result');
      if ('structuredContent' in result) {
        const at = join(resultPath, 'structuredContent');
        if (noStructured.length > 0) {
          ctx.report(CODE, 'error', `${listRevisions(noStructured)} ha${noStructured.length === 1 ? 's' : 've'} no structuredContent in tool results.`, at);
        }
        if (tool.outputSchema) {
          output ??= validatorFor(tool, tool.outputSchema, ctx);
          if (output) {
            check(ctx, output, { value: result.structuredContent, path: at }, `${label} structuredContent`, 'outputSchema');
            checked = true;
          }
        }
      } else if (tool.outputSchema && result.isError !== true && noStructured.length < tool.scope.length) {
        ctx.report(
          CODE,
          'error',
          `${label} is a successful result without structuredContent, but a tool with an outputSchema must return structured content that matches it.`,
          resultPath,
        );
      }
    }
    if (checked && legacy.length > 0) {
      ctx.report(
        CODE,
        'warning',
        `${label} was checked under a JSON Schema dialect, but ${listRevisions(legacy)} name${legacy.length === 1 ? 's' : ''} none, so the check is partial there.`,
        example.path,
      );
      ctx.incomplete();
    }
  }
};
