/**
 * Compiles a tool schema for checking example values. External references are never fetched:
 * the `$ref` is left out, so the rest of the schema still judges the value, and a failure is
 * called conclusive only when no keyword on its way could have been turned by the missing part.
 */
import { getAt } from '../json-pointer.js';
import { groupAjvErrors, type LocatedMessage } from './ajv-errors.js';
import { ajvFor, freshAjvFor } from './ajv-instances.js';
import type { SchemaAnalysis } from './analyse-schema.js';
import { walkSchema } from './schema-walk.js';

/** Keywords whose outcome a more permissive subschema can flip from pass to fail. */
const NON_MONOTONE = new Set(['not', 'oneOf', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems']);

export interface ExampleFailure extends LocatedMessage {
  conclusive: boolean;
}

export type ExampleValidator =
  | { ok: true; external: string[]; validate(value: unknown): ExampleFailure[] }
  | { ok: false; reason: string };

function hasId(schema: unknown): boolean {
  let found = false;
  walkSchema(schema, '', (node) => {
    if ('$id' in node) found = true;
    return undefined;
  });
  return found;
}

export function compileExampleValidator(a: SchemaAnalysis, schemaPath: string): ExampleValidator {
  if (!a.dialect) return { ok: false, reason: 'its dialect is not supported' };
  const external = a.refs.filter((r) => r.kind === 'external');
  let schema = a.checked;
  if (external.length > 0) {
    schema = structuredClone(schema);
    for (const r of external) {
      const at = r.path.slice(schemaPath.length);
      const holder = getAt(schema, at.slice(0, at.lastIndexOf('/')));
      if (typeof holder === 'object' && holder !== null) delete (holder as Record<string, unknown>)[at.slice(at.lastIndexOf('/') + 1)];
    }
  }
  if (typeof schema !== 'object' && typeof schema !== 'boolean') return { ok: false, reason: 'it is not a schema' };
  // A shared instance keeps compiled meta-schemas warm; a schema with its own $id gets a fresh
  // one, since Ajv refuses a second schema under an id it already holds.
  const ajv = hasId(schema) ? freshAjvFor(a.dialect) : ajvFor(a.dialect);
  let compiled;
  try {
    compiled = ajv.compile(schema as object | boolean);
  } catch (e) {
    return { ok: false, reason: `Ajv could not compile it (${(e as Error).message})` };
  } finally {
    // Compiled once per lint run; dropping it keeps the shared instance from growing.
    if (typeof schema === 'object' && schema !== null) ajv.removeSchema(schema);
  }
  const validate = compiled;
  return {
    ok: true,
    external: external.map((r) => r.ref),
    validate(value) {
      if (validate(value)) return [];
      return groupAjvErrors(validate.errors).map((m) => ({
        ...m,
        conclusive:
          external.length === 0 || !m.schemaPaths.some((p) => p.split('/').some((segment) => NON_MONOTONE.has(segment))),
      }));
    },
  };
}
