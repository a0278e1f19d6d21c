/**
 * MCP Description documents may stand a tool's schema or example in for a `{"$componentRef":
 * "#/components/..."}` pointing into the same document. Following them lets the schema rules judge
 * what the tool really declares, with paths that point at the component itself.
 */
import { fragmentToPointer, getAt } from '../json-pointer.js';
import { RULE } from './rule-catalog.js';
import type { Located, Reporter } from './types.js';
import { isRecord } from './is-record.js';

export type Deref = (value: unknown, path: string) => Located | undefined;

/** The identity when the input is not a document with components. */
export const noComponents: Deref = (value, path) => ({ value, path });

export function componentDeref(document: unknown, reporter: Reporter): Deref {
  // The same reference can be reached from several tools; report a broken one once.
  const reported = new Set<string>();
  const fail = (path: string, message: string): undefined => {
    if (!reported.has(path)) {
      reported.add(path);
      reporter.report(RULE.componentRef, 'error', message, path);
    }
    return undefined;
  };
  return (value, path) => {
    let current: Located = { value, path };
    const seen = new Set<string>();
    while (isRecord(current.value) && typeof current.value.$componentRef === 'string') {
      const ref = current.value.$componentRef;
      const refPath = `${current.path}/$componentRef`;
      const pointer = fragmentToPointer(ref);
      if (!ref.startsWith('#/components/') || pointer === undefined) {
        return fail(refPath, `$componentRef ${JSON.stringify(ref)} must point into this document's components ("#/components/...").`);
      }
      if (seen.has(pointer)) return fail(refPath, `$componentRef ${JSON.stringify(ref)} leads back to itself.`);
      seen.add(pointer);
      const target = getAt(document, pointer);
      if (target === undefined) return fail(refPath, `$componentRef ${JSON.stringify(ref)} points to no component.`);
      current = { value: target, path: pointer };
    }
    return current;
  };
}
