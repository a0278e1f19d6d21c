/**
 * The one meta-schema check of a tool schema, shared by the linter (json-schema.tool-schema.valid)
 * and by convert, which refuses an invalid schema in every dialect. It runs the validators
 * precompiled from the meta-schemas bundled in ajv (generated/), so it loads no Ajv and fetches
 * nothing; this module imports only them, so convert does not pay for the linter's Ajv instances.
 */
import type { ValidateFunction } from 'ajv';
import { escapeToken, getAt, toPointer, unescapeToken } from '../json-pointer.js';
import { groupAjvErrors } from './ajv-errors.js';
import { DIALECT_URIS, readDialect, type SchemaDialect } from './dialect.js';
import { validate as meta2020 } from './generated/meta-2020-12.generated.js';
import { validate as meta07 } from './generated/meta-draft-07.generated.js';
import { plainlyValid, subschemasToCheck, wrongTypeFinding } from './meta-fast.js';
import { patternProblems } from './pattern-check.js';
import { typelessNullables } from './typeless-nullable.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';

export interface MetaProblem {
  /** JSON pointer of the offending value: `path` given by the caller plus the pointer inside the schema. */
  path: string;
  message: string;
}

const META: Record<SchemaDialect, ValidateFunction> = {
  '2020-12': meta2020 as unknown as ValidateFunction,
  'draft-07': meta07 as unknown as ValidateFunction,
};

/** The meta-schema validator of a dialect; `errors` holds Ajv error objects after a failure. */
export function metaValidator(dialect: SchemaDialect): ValidateFunction {
  return META[dialect];
}

/** The one sentence for a `$schema` naming a dialect neither the linter nor convert reads. */
export function unsupportedDialectMessage(value: unknown): string {
  return `"$schema" ${JSON.stringify(value)} is not a supported dialect; a tool schema may declare JSON Schema 2020-12 (${DIALECT_URIS['2020-12']}) or draft-07 (${DIALECT_URIS['draft-07']}), or nothing for 2020-12.`;
}

/**
 * Problems of `schema` against the meta-schema of `dialect`, one per offending value. The caller
 * guards against cyclic objects and runaway nesting first (the validator recurses).
 */
export function metaProblems(schema: unknown, path: string, dialect: SchemaDialect): MetaProblem[] {
  // Most real schemas are plainly valid; the full validator is the slow, thorough second opinion.
  return plainlyValid(schema) ? [] : thoroughProblems(schema, path, dialect);
}

/** Past a no from the quick check: the full validator's problems, and a URI or anchor declared twice. */
function thoroughProblems(schema: unknown, path: string, dialect: SchemaDialect): MetaProblem[] {
  const twice = declaredTwice(schema, path, dialect);
  const full = fullProblems(schema, path, dialect);
  return twice.length === 0 ? full : [...full, ...twice];
}

/** The full validator's problems, worded, past a no from the quick check. */
function fullProblems(schema: unknown, path: string, dialect: SchemaDialect): MetaProblem[] {
  return metaMessages(schema, dialect).map((m) => {
    const key = m.pointer.split('/').at(-1) ?? '';
    // The most common cause in real tools: a schema written for draft-04 served as 2020-12.
    // And a tuple written for draft-07 (TypeBox's Type.Tuple, zod-to-json-schema) with no $schema to say so.
    const value = getAt(schema, m.pointer);
    const hint =
      (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean'
        ? ` (a boolean ${key} is draft-04; from draft-06 on the bound itself is the number)`
        : key === 'items' && Array.isArray(value) && dialect === '2020-12'
          ? ' (a list of item schemas is draft-07\'s tuple: write prefixItems, or declare "$schema": "http://json-schema.org/draft-07/schema#")'
          : '';
    return {
      path: path + m.pointer,
      message: `Not a valid ${dialect} schema: ${m.pointer === '' ? 'the schema' : `"${unescapeToken(key)}"`} ${m.message}${hint}.`,
    };
  });
}

/**
 * The full validator's findings, one per offending value, pointers into `schema`. It sees only the
 * subschemas that fail the quick check (meta-fast.ts), which find what the whole would: a large
 * schema with one bad keyword costs a validation of that keyword's subschema. A subschema whose
 * one failure is a value of the wrong JSON type is worded without it (wrongTypeFinding).
 */
export function metaMessages(schema: unknown, dialect: SchemaDialect): { pointer: string; message: string }[] {
  const validate = META[dialect];
  const out: { pointer: string; message: string }[] = [];
  for (const [node, tokens] of subschemasToCheck(schema, dialect)) {
    const prefix = toPointer(tokens);
    const wrongType = wrongTypeFinding(node, dialect);
    if (wrongType) {
      out.push({ pointer: `${prefix}/${escapeToken(wrongType.key)}`, message: wrongType.message });
      continue;
    }
    if (validate(node)) continue;
    for (const m of groupAjvErrors(validate.errors)) out.push({ pointer: prefix + m.pointer, message: m.message });
  }
  return out;
}

/**
 * The whole check of one schema document: its declared dialect, then its meta-schema. An
 * unsupported `$schema` is one problem at that keyword; nothing else can be judged then. With
 * `judged` (convert), also what the meta-schemas allow but no call could be judged against: a
 * typeless OpenAPI `nullable: true`, which the linter reports under its own rule.
 */
/** A resource URI or anchor the schema declares twice (the meta-schema judges each value alone). */
function declaredTwice(schema: unknown, path: string, dialect: SchemaDialect): MetaProblem[] {
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) return [];
  try {
    return new ResourceIndex(schema as SchemaNode, dialect).duplicates.map((d) => ({ path: path + d.pointer, message: `Not a valid ${dialect} schema: ${d.message}.` }));
  } catch {
    return [];
  }
}

export function checkSchemaDocument(schema: unknown, path: string, judged = false): MetaProblem[] {
  const reading = readDialect(schema);
  if (reading.kind === 'unsupported') return [{ path: `${path}/$schema`, message: unsupportedDialectMessage(reading.value) }];
  if (plainlyValid(schema)) return [];
  const problems = thoroughProblems(schema, path, reading.dialect);
  // The quick yes rules a typeless nullable and a pattern that does not compile out (meta-fast.ts), so only a no pays these walks.
  return judged ? [...problems, ...typelessNullables(schema, path), ...patternProblems(schema, path)] : problems;
}
