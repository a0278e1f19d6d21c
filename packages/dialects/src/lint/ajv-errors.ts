/**
 * Turns Ajv errors into one plain message per instance location. Ajv reports a failed `anyOf`
 * with one error per branch and one for the `anyOf` itself; people want one sentence.
 */
import type { ErrorObject } from 'ajv';

export interface LocatedMessage {
  /** Ajv's instancePath: a JSON pointer relative to the validated value. */
  pointer: string;
  message: string;
  /** Schema paths of every error behind the message, to judge whether a failure is conclusive. */
  schemaPaths: string[];
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${JSON.stringify(p.allowedValues)}`;
    case 'required':
      return `must have property "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `must not have property "${String(p.additionalProperty)}"`;
    case 'type': {
      // Ajv joins a type list with a bare comma ("must be object,boolean").
      const types = String(p.type).split(',');
      return `must be ${types.length === 1 ? types[0] : `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`}`;
    }
    default:
      return error.message ?? `fails "${error.keyword}"`;
  }
}

export function groupAjvErrors(errors: readonly ErrorObject[] | null | undefined): LocatedMessage[] {
  const byPointer = new Map<string, ErrorObject[]>();
  for (const e of errors ?? []) {
    const list = byPointer.get(e.instancePath);
    if (list) list.push(e);
    else byPointer.set(e.instancePath, [e]);
  }
  const out: LocatedMessage[] = [];
  for (const [pointer, list] of byPointer) {
    const union = list.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
    const branchMessages = [...new Set(list.filter((e) => e !== union).map(describe))];
    const message = union
      ? branchMessages.length > 0
        ? `${branchMessages.join(', or ')}`
        : describe(union)
      : branchMessages.join('; ');
    out.push({ pointer, message, schemaPaths: list.map((e) => e.schemaPath) });
  }
  return out;
}
