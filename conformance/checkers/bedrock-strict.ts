/**
 * Amazon Bedrock structured outputs (Converse `outputConfig.textFormat`, InvokeModel
 * `output_config.format`) and strict tool use.
 *
 * Source: https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html (markdown:
 * .../structured-output.md), the revision that has the "Supported JSON Schema features" section
 * (added after the February 2026 launch), read on 2026-12-02 through the project's notes
 * (/work/shared/research/vendors.md section 3). Tool schemas: "The top level schema type must be
 * object", https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolInputSchema.html.
 *
 * Same as Anthropic's list: basic types incl. null, enum of primitives only, const, anyOf, allOf,
 * internal `$ref`/`$defs`/`definitions`, the same ten formats, `minItems` 0 or 1; no recursion, no
 * external `$ref`, no numeric constraints, no `minLength`/`maxLength`, `additionalProperties` only
 * `false`. Where this page differs: it does not list `default` or `pattern` (refused here, since an
 * unsupported feature is an immediate 400), its examples omit `additionalProperties: false` (so
 * closure is allowed, not required), and it states neither the `allOf`+`$ref` restriction nor the
 * per-request limits (not checked).
 */
import { makeClaudeChecker } from './claude-core.js';

const checker = makeClaudeChecker({
  name: 'bedrock-strict',
  keywords: [
    'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'allOf',
    '$ref', '$defs', 'definitions', 'description', 'format', 'minItems',
  ],
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'],
  closureRequired: false,
  allOfWithRefRefused: false,
});

export const name = checker.name;
export const check = checker.check;
