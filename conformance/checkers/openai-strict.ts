/**
 * OpenAI strict mode (Structured Outputs and `strict: true` function calling), current subset.
 *
 * Source: https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 * (formerly platform.openai.com/docs/guides/structured-outputs), revision checked by third parties
 * on 2026-08-03 and 2026-10-08; read for this checker on 2026-12-02 through the project's notes
 * (/work/shared/research/vendors.md section 1). Strict function calling uses the same subset:
 * https://developers.openai.com/api/docs/guides/function-calling (section "Strict mode").
 *
 * What this revision lists: types string, number, boolean, integer, object, array, null (type
 * arrays allowed), enum, const (counted by the size limits), anyOf; string `pattern` and `format`
 * with nine formats; number `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
 * `multipleOf`; array `minItems`, `maxItems`; `description`. `minLength`/`maxLength` are not on the
 * list (the page leaves them uncertain), nor `default`, `title`, `allOf`, `not`, `if`/`then`/`else`,
 * `dependentRequired`, `dependentSchemas`: all refused here.
 * Limits: 5,000 object properties, 10 levels of nesting, 1,000 enum values, 120,000 characters of
 * property names, definition names, enum and const values, and 15,000 characters for one string
 * enum of more than 250 values.
 */
import { makeOpenAiChecker } from './openai-core.js';

const checker = makeOpenAiChecker({
  name: 'openai-strict',
  extraKeywords: ['pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'],
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  constAllowed: true,
  limits: { properties: 5000, depth: 10, enumValues: 1000, totalStringLength: 120_000, largeEnum: { over: 250, maxChars: 15_000 } },
});

export const name = checker.name;
export const check = checker.check;
