/**
 * OpenAI strict mode as launched in August 2024 (the launch subset).
 *
 * Sources: https://openai.com/index/introducing-structured-outputs-in-the-api/ (2024-08-06) and the
 * Structured Outputs guide of that time, https://platform.openai.com/docs/guides/structured-outputs
 * ("Supported schemas"), whose 2024 limits are quoted in
 * https://community.openai.com/t/measuring-maximum-depth-and-object-properties-in-structured-outputs/918388
 * (read through the project's notes, /work/shared/research/vendors.md sections 1 and 7, on 2026-12-02).
 *
 * The launch page listed the types String, Number, Boolean, Integer, Object, Array, Enum and
 * anyOf, with definitions and recursion, closed objects and all-required properties. It did not
 * support `pattern`, `format`, numeric bounds or item bounds (all added later), and `const` was
 * not on its list. Limits: at most 100 object properties in total and 5 levels of nesting.
 */
import { makeOpenAiChecker } from './openai-core.js';

const checker = makeOpenAiChecker({
  name: 'openai-strict-2024-08',
  extraKeywords: [],
  formats: [],
  constAllowed: false,
  limits: { properties: 100, depth: 5 },
});

export const name = checker.name;
export const check = checker.check;
