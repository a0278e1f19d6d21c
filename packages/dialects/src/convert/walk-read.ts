/**
 * Pass 1, read (docs/architecture.md): the draft from `$schema`, and draft-07 spellings read as
 * 2020-12. Separate because it only decides how input keywords are read; it builds no output node
 * of its own beyond the split of `dependencies`.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import type { PolicyTable } from './plan.js';
import { draftOf, ignoredBesideRef, LATER_KEYWORDS } from './drafts.js';
import { policyOf } from './node-rules.js';
import type { WalkState } from './walk-state.js';
import { tokensOf, at, recordOrigin, report } from './walk-paths.js';
import { copy } from './walk-copy.js';
import { walk } from './walk.js';

export function readDraft(s: WalkState, root: unknown): void {
  const declared = isPlainObject(root) && hasOwn(root, '$schema') ? root.$schema : undefined;
  const draft = draftOf(declared);
  s.draft07 = draft === 'draft-07';
  // An unknown draft is refused by the meta-schema check (check-input.ts) and read as 2020-12 here.
  s.normalize = s.draft07 && s.plan.normalizeDrafts;
}

/** The 2020-12 spelling of a draft-07 keyword; null when it has no meaning here. */
export function draft07Spelling(s: WalkState, node: JsonObject, key: string, value: unknown): string | null {
  switch (key) {
    case 'items':
      return Array.isArray(value) ? 'prefixItems' : key;
    case 'additionalItems':
      return Array.isArray(node.items) ? 'items' : null;
    case 'dependencies':
      return 'dependencies';
    case '$ref':
      return key;
    default:
      if (LATER_KEYWORDS.has(key)) {
        // A later keyword means nothing to draft-07; spelled in 2020-12 it would start to apply.
        report(s, 'draft07-later-keyword', 'info', `${key} has no meaning in draft-07, so it is left out`, at(s, node, key));
        return null;
      }
      if (hasOwn(node, '$ref') && ignoredBesideRef(key)) {
        // draft-07 ignores the siblings of $ref; spelling them in 2020-12 would give them a meaning.
        report(s, 'draft07-ref-sibling', 'info', `draft-07 ignores ${key} beside $ref, so it is left out`, at(s, node, key));
        return null;
      }
      return key;
  }
}

/** draft-07 ignores the siblings of $ref; spelled in 2020-12 they would start to apply. */
export function draft07Siblings(s: WalkState, node: JsonObject): JsonObject | undefined {
  let out: JsonObject | undefined;
  for (const k in node) {
    if (k === '$ref') continue;
    if (draft07Spelling(s, node, k, node[k]) === null) continue;
    put((out ??= {}), k, node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  return out;
}

/** The siblings of a `$ref`, each remembering where it stands in the input. */
export function withoutRef(s: WalkState, node: JsonObject): JsonObject | undefined {
  let out: JsonObject | undefined;
  for (const k in node) {
    if (k === '$ref') continue;
    put((out ??= {}), k, node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  return out;
}

/**
 * Draft-07 `dependencies`, split into 2020-12's two keywords. A part the dialect drops is returned
 * (unwalked, as the author wrote it) for the caller to note like any dropped keyword, so the rule
 * is said in words ("When card is sent, billing is required too.") rather than lost unsaid.
 */
export function splitDependencies(s: WalkState, value: unknown, out: JsonObject, table: PolicyTable): [string, unknown][] {
  if (!isPlainObject(value)) return [];
  const keepRequired = policyOf(table, 'dependentRequired').kind !== 'drop';
  const keepSchemas = policyOf(table, 'dependentSchemas').kind !== 'drop';
  const required: JsonObject = {};
  const schemas: JsonObject = {};
  let hasReq = false;
  let hasSchemas = false;
  s.tokens.push('dependencies');
  for (const name in value) {
    const v = value[name];
    s.tokens.push(name);
    if (Array.isArray(v)) {
      put(required, name, copy(s, v));
      hasReq = true;
    } else {
      // A subschema the dialect drops is not walked: its own diagnostics would be about nothing in the output.
      put(schemas, name, keepSchemas ? walk(s, v, false, 'dependentSchemas') : copy(s, v));
      hasSchemas = true;
    }
    s.tokens.pop();
  }
  s.tokens.pop();
  const dropped: [string, unknown][] = [];
  if (hasReq) {
    if (keepRequired) put(out, 'dependentRequired', required);
    else dropped.push(['dependentRequired', required]);
  }
  if (hasSchemas) {
    if (keepSchemas) put(out, 'dependentSchemas', schemas);
    else dropped.push(['dependentSchemas', schemas]);
  }
  return dropped;
}
