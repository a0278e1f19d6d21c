/**
 * Classifies every `$ref` / `$dynamicRef` of a tool schema: resolved inside the schema, local but
 * unresolved, or external (never fetched). Resolution follows the schema's own `$id`s, JSON
 * pointers (with `~0`/`~1` and percent escapes), `$anchor`/`$dynamicAnchor` and draft-07 `$id: "#name"`.
 */
import { fragmentToPointer, getAt, join } from '../json-pointer.js';
import type { SchemaDialect } from './dialect.js';
import { walkSchema, type WalkProblem } from './schema-walk.js';

/** Stands in for the base URI of a schema that declares no `$id`; never fetched. */
const ROOT_BASE = 'https://tool-schema.lint.invalid/root.json';

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
  /** Pointer of the `$ref` value in the input. */
  path: string;
  reason: string;
}

export interface RefReport {
  findings: RefFinding[];
  walkProblem: WalkProblem | undefined;
}

interface Resource {
  node: Record<string, unknown>;
  anchors: Map<string, unknown>;
}

const stripFragment = (uri: string): string => {
  const i = uri.indexOf('#');
  return i < 0 ? uri : uri.slice(0, i);
};

function resolveUri(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

export function checkRefs(schema: unknown, path: string, dialect: SchemaDialect): RefReport {
  const resources = new Map<string, Resource>();
  const refs: { ref: string; base: string; path: string; node: Record<string, unknown>; key: string }[] = [];
  const resourceOf = (uri: string, node: Record<string, unknown>): Resource => {
    let r = resources.get(uri);
    if (!r) resources.set(uri, (r = { node, anchors: new Map() }));
    return r;
  };

  const walkProblem = walkSchema<string>(
    schema,
    path,
    (node, at, depth, base) => {
      let here = base;
      if (depth === 0) resourceOf(base, node);
      const id = node.$id;
      if (typeof id === 'string') {
        if (dialect === 'draft-07' && id.startsWith('#')) {
          resourceOf(base, node).anchors.set(id.slice(1), node);
        } else {
          const url = resolveUri(id, base);
          if (url) {
            here = stripFragment(url.href);
            resourceOf(here, node);
          }
        }
      }
      if (dialect === '2020-12') {
        for (const key of ['$anchor', '$dynamicAnchor']) {
          const name = node[key];
          if (typeof name === 'string') resourceOf(here, node).anchors.set(name, node);
        }
      }
      for (const key of ['$ref', '$dynamicRef']) {
        const ref = node[key];
        if (typeof ref === 'string') refs.push({ ref, base: here, path: join(at, key), node, key });
      }
      return here;
    },
    ROOT_BASE,
  );

  const findings: RefFinding[] = [];
  // Where each node's `$ref` leads, when it resolves inside the schema: the cycle check's edges.
  const targetOf = new Map<object, object>();
  const follow = (node: Record<string, unknown>, key: string, target: unknown): void => {
    if (key === '$ref' && typeof target === 'object' && target !== null && !Array.isArray(target)) targetOf.set(node, target);
  };
  for (const { ref, base, path: at, node, key } of refs) {
    const url = resolveUri(ref, base);
    if (!url) {
      findings.push({ kind: 'unresolved', ref, path: at, reason: 'is not a URI reference that can be resolved' });
      continue;
    }
    const target = stripFragment(url.href);
    const resource = resources.get(target);
    if (!resource) {
      if (!BUNDLED.has(target)) {
        const reason = target === ref || `${target}${url.hash}` === ref ? 'is outside this schema' : `names ${target}, outside this schema`;
        findings.push({ kind: 'external', ref, path: at, reason });
      }
      continue;
    }
    const fragment = url.hash;
    if (fragment === '' || fragment === '#') {
      follow(node, key, resource.node);
      continue;
    }
    const decoded = fragmentToPointer(fragment);
    if (decoded === undefined) {
      findings.push({ kind: 'unresolved', ref, path: at, reason: 'has a malformed percent-escape' });
    } else if (decoded.startsWith('/')) {
      const found = getAt(resource.node, decoded);
      if (found === undefined) findings.push({ kind: 'unresolved', ref, path: at, reason: 'points to nothing in this schema' });
      else if (typeof found !== 'boolean' && (typeof found !== 'object' || found === null || Array.isArray(found))) {
        findings.push({ kind: 'unresolved', ref, path: at, reason: 'points to a value that is not a schema' });
      } else follow(node, key, found);
    } else if (!resource.anchors.has(decoded)) {
      findings.push({ kind: 'unresolved', ref, path: at, reason: `names anchor "${decoded}", which this schema does not define` });
    } else follow(node, key, resource.anchors.get(decoded));
  }
  const noExit = chainsWithoutExit(targetOf);
  for (const { ref, path: at, node, key } of refs) {
    if (key === '$ref' && noExit.has(node)) {
      findings.push({ kind: 'cycle', ref, path: at, reason: 'leads back to itself through references alone, so the schema describes nothing' });
    }
  }
  return { findings, walkProblem };
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
