/**
 * Classifies every `$ref` / `$dynamicRef` of a tool schema: resolved inside the schema, local but
 * unresolved, or external (never fetched). Resolution follows the schema's own `$id`s, JSON
 * pointers (with `~0`/`~1` and percent escapes), `$anchor`/`$dynamicAnchor` and draft-07 `$id: "#name"`.
 */
import { join } from '../json-pointer.js';
import { PLACEHOLDER_BASE, ResourceIndex, type SchemaNode } from '../resource-index.js';
import type { SchemaDialect } from './dialect.js';
import { walkSchema, type WalkProblem } from './schema-walk.js';
import { appliesItself } from '../same-instance.js';
import { judgeWorkProblem } from './judge-work.js';

/** Meta-schemas are bundled, so a reference to one is resolved without a fetch. */
const BUNDLED = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/meta/core',
  'https://json-schema.org/draft/2020-12/meta/applicator',
  'https://json-schema.org/draft/2020-12/meta/unevaluated',
  'https://json-schema.org/draft/2020-12/meta/validation',
  'https://json-schema.org/draft/2020-12/meta/meta-data',
  'https://json-schema.org/draft/2020-12/meta/format-annotation',
  'https://json-schema.org/draft/2020-12/meta/content',
  'http://json-schema.org/draft-07/schema',
]);

export interface RefFinding {
  /** `cycle`: the reference leads back into references alone and never reaches a schema. */
  kind: 'unresolved' | 'external' | 'cycle';
  ref: string;
  /** The keyword that holds it: `$ref`, or `$dynamicRef`. */
  keyword: string;
  /** Pointer of the `$ref` value in the input. */
  path: string;
  reason: string;
}

export interface RefReport {
  findings: RefFinding[];
  walkProblem: WalkProblem | undefined;
  /** Where judging a value would cost past the judge's bound once references are written out (judge-work.ts). */
  judgeWork?: { path: string; message: string };
}

export function checkRefs(schema: unknown, path: string, dialect: SchemaDialect): RefReport {
  // The references at schema positions (a `$ref` inside an unknown keyword is data to a validator).
  const refs: { ref: string; at: string; path: string; node: Record<string, unknown>; key: string }[] = [];
  const walkProblem = walkSchema(schema, path, (node, at) => {
    for (const key of ['$ref', '$dynamicRef']) {
      const ref = node[key];
      if (typeof ref === 'string') refs.push({ ref, at: at.slice(path.length), path: join(at, key), node, key });
    }
    return undefined;
  });
  const findings: RefFinding[] = [];
  // A JS object that contains itself is not JSON data: reported as such, and never indexed.
  if (refs.length === 0 || walkProblem?.kind === 'cycle') return { findings, walkProblem };
  const index = new ResourceIndex(schema as SchemaNode, dialect);
  // Where each node's `$ref` leads, when it resolves inside the schema: the cycle check's edges.
  const targetOf = new Map<object, object>();
  for (const { ref, at: pointer, path: at, node, key } of refs) {
    const found = index.lookup(ref, index.at(pointer)?.base ?? PLACEHOLDER_BASE);
    if (found.kind === 'unresolved') findings.push({ kind: 'unresolved', ref, keyword: key, path: at, reason: found.reason });
    else if (found.kind === 'external') {
      if (BUNDLED.has(found.uri)) continue;
      const target = found.uri;
      const reason = target === ref || `${target}${found.hash}` === ref ? 'is outside this schema' : `names ${target}, outside this schema`;
      findings.push({ kind: 'external', ref, keyword: key, path: at, reason });
    } else if (key === '$ref' && typeof found.loc.schema === 'object') targetOf.set(node, found.loc.schema);
  }
  const noExit = chainsWithoutExit(targetOf);
  // Only where every reference resolves: otherwise that is the error, and the work cannot be told.
  const work = findings.every((f) => f.kind === 'external') ? judgeWorkProblem(schema, path, index) : undefined;
  const resolve = (ref: string, holder: Record<string, unknown>): unknown => {
    const found = index.lookup(ref, index.locOf(holder)?.base ?? PLACEHOLDER_BASE);
    return found.kind === 'found' ? found.loc.schema : undefined;
  };
  for (const { ref, path: at, node, key } of refs) {
    if (key !== '$ref') continue;
    if (noExit.has(node)) findings.push({ kind: 'cycle', ref, keyword: key, path: at, reason: 'leads back to itself through references alone, so the schema describes nothing' });
    else if (targetOf.has(node) && appliesItself(node, targetOf.get(node), resolve)) {
      findings.push({ kind: 'cycle', ref, keyword: key, path: at, reason: 'leads back to itself through references and allOf alone, applied to the same value, so the schema describes nothing (a validator recurses without end)' });
    }
  }
  return work === undefined ? { findings, walkProblem } : { findings, walkProblem, judgeWork: work };
}

/**
 * The nodes whose chain of `$ref`s never reaches a node without one (it loops: `a -> b -> a`, or
 * runs into such a loop). Each node is followed once, so a long chain costs linear time.
 */
function chainsWithoutExit(targetOf: ReadonlyMap<object, object>): Set<object> {
  const verdict = new Map<object, boolean>();
  for (const start of targetOf.keys()) {
    const path: object[] = [];
    const onPath = new Set<object>();
    let current: object = start;
    let loops = false;
    for (;;) {
      const known = verdict.get(current);
      if (known !== undefined) {
        loops = known;
        break;
      }
      if (onPath.has(current)) {
        loops = true;
        break;
      }
      const next = targetOf.get(current);
      if (next === undefined) break;
      path.push(current);
      onPath.add(current);
      current = next;
    }
    for (const node of path) verdict.set(node, loops);
  }
  return new Set([...verdict].filter(([, loops]) => loops).map(([node]) => node));
}
