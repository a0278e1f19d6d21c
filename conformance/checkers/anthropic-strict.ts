/**
 * Anthropic structured outputs (`output_config.format`) and strict tool use (`strict: true`).
 *
 * Source: https://platform.claude.com/docs/en/build-with-claude/structured-outputs, section
 * "JSON Schema limitations" (mid-2026 revision: it names GA and `output_config.format`; example
 * dates in May 2026), read on 2026-12-02 through the project's notes
 * (/work/shared/research/vendors.md section 2). Strict tool use points to the same limits:
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use. Top-level
 * `oneOf`/`anyOf`/`allOf` fail every request: https://github.com/anthropics/claude-code/issues/5973.
 *
 * Supported: basic types (object, array, string, integer, number, boolean, null), enum of
 * primitives, const, anyOf, allOf (not with `$ref`), internal `$ref` with `$defs`/`definitions`,
 * `default`, `required`, `additionalProperties: false` (on every object), ten string formats,
 * `minItems` 0 or 1, `pattern` without backreferences, look-around or word boundaries.
 * Not supported: recursion, external `$ref`, numeric constraints, `minLength`/`maxLength`, other
 * array constraints, `additionalProperties` other than false. Per request (summed over strict
 * schemas): 24 optional parameters, 16 union-typed parameters; one schema above them is refused.
 * `title`, `examples` and other keywords the page does not name are refused here.
 * Not checked: "{n,m} with large ranges" in patterns (the page gives no number).
 */
import { makeClaudeChecker } from './claude-core.js';

export const FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'];

const checker = makeClaudeChecker({
  name: 'anthropic-strict',
  keywords: [
    'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'allOf',
    '$ref', '$defs', 'definitions', 'default', 'description', 'format', 'minItems', 'pattern',
  ],
  formats: FORMATS,
  closureRequired: true,
  allOfWithRefRefused: true,
  limits: { optionalParameters: 24, unionParameters: 16 },
});

export const name = checker.name;
export const check = checker.check;
