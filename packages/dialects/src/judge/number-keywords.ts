/**
 * Ajv's number keywords, replaced by two that read numbers as JSON means them.
 *
 * Non-finite numbers: the judge's Ajv runs with `strictNumbers`, so `type: number`/`integer`
 * refuse NaN and Infinity (JSON.parse reads 1e400 as Infinity). Ajv then skips its own number
 * keywords for such a value, as if it were no number at all; these replacements refuse it instead,
 * so `{"maximum": 10}` does not accept 1e400 either.
 *
 * `multipleOf` is decided exactly on decimal values, in place of Ajv's floating-point division (which
 * refuses 0.07 as a multiple of 0.01, because 0.07 / 0.01 is 7.000000000000001 in binary, and
 * refuses every integer from 1e308 on as a multiple of 0.5, because the quotient overflows).
 *
 * The decimal value of a number is the shortest decimal that reads back as the same double
 * (`String(x)`): for every JSON number with at most 15 significant digits that is exactly the
 * number as written. Longer numbers have already been rounded by JSON.parse before any judge sees
 * them (the README names this limit). Two integers that JavaScript holds exactly are compared
 * with `%`; anything else goes through BigInt.
 */
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';
import { ajvModules } from '../ajv-modules.js';

/** `x` as digits × 10^exp, from its shortest decimal spelling. */
function decimal(x: number): [bigint, number] {
  const s = String(Math.abs(x));
  let mantissa = s;
  let exp = 0;
  const e = s.indexOf('e');
  if (e >= 0) {
    mantissa = s.slice(0, e);
    exp = Number(s.slice(e + 1));
  }
  const dot = mantissa.indexOf('.');
  if (dot >= 0) {
    exp -= mantissa.length - dot - 1;
    mantissa = mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  }
  return [BigInt(mantissa), exp];
}

/** Whether `value` is an integer multiple of `divisor` (> 0), in exact decimal arithmetic. */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const [a, ea] = decimal(value);
  const [b, eb] = decimal(divisor);
  const e = Math.min(ea, eb);
  return (a * 10n ** BigInt(ea - e)) % (b * 10n ** BigInt(eb - e)) === 0n;
}

// No `type: 'number'` on these definitions: with strictNumbers Ajv would skip them for NaN and
// Infinity; each tests `typeof` itself and refuses a non-finite number.

/** Replaces Ajv's `multipleOf` (same error shape: `{multipleOf}`). Built when an instance is, with Ajv's builders. */
export function exactMultipleOf(): CodeKeywordDefinition {
  const { _, str } = ajvModules();
  return {
    keyword: 'multipleOf',
    schemaType: 'number',
    $data: true,
    error: {
      message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schemaCode } = cxt;
      const check = gen.scopeValue('func', { ref: isMultipleOf });
      cxt.fail$data(_`typeof ${data} == "number" && !${check}(${data}, ${schemaCode})`);
    },
  };
}

const COMPARISON: Record<string, string> = { maximum: '<=', minimum: '>=', exclusiveMaximum: '<', exclusiveMinimum: '>' };

/** Replaces Ajv's `maximum`, `minimum`, `exclusiveMaximum`, `exclusiveMinimum` (same error shape). */
export function finiteLimits(): CodeKeywordDefinition {
  const { _, str } = ajvModules();
  return {
    keyword: Object.keys(COMPARISON),
    schemaType: 'number',
    $data: true,
    error: {
      message: ({ keyword, schemaCode }) => str`must be ${COMPARISON[keyword]!} ${schemaCode}`,
      params: ({ keyword, schemaCode }) => _`{comparison: ${COMPARISON[keyword]!}, limit: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { keyword, data, schemaCode } = cxt;
      const fails =
        keyword === 'maximum' ? _`${data} > ${schemaCode}` : keyword === 'minimum' ? _`${data} < ${schemaCode}` : keyword === 'exclusiveMaximum' ? _`${data} >= ${schemaCode}` : _`${data} <= ${schemaCode}`;
      cxt.fail$data(_`typeof ${data} == "number" && (${fails} || !isFinite(${data}))`);
    },
  };
}
