/**
 * The JSONPath subset a rule's `given` may use (spectral style), evaluated over the canonical schema.
 * Supported: `$`, `.name`, `['name']`, `[n]`, `*`, `[*]`, `..` (recursive descent) and filters
 * `[?(@.key)]`, `[?(@.key === value)]`, `[?(@.key !== value)]` with a JSON literal value
 * (also `==` / `!=`; the key may be a dotted path). Selection is by node identity, so a rule applies
 * to every inlined copy of a node it selected.
 */

type Step =
  | { kind: 'child'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'wild' }
  | { kind: 'descend' }
  | { kind: 'filter'; keys: string[]; op: 'exists' | 'eq' | 'ne'; value: unknown };

export function parseJsonPath(expr: string): Step[] {
  if (!expr.startsWith('$')) throw new Error('a JSONPath starts with $');
  const steps: Step[] = [];
  let i = 1;
  const name = /^[A-Za-z_$][\w$-]*/;
  while (i < expr.length) {
    const rest = expr.slice(i);
    if (rest.startsWith('..')) {
      steps.push({ kind: 'descend' });
      i += 2;
      const m = name.exec(expr.slice(i));
      if (m) {
        steps.push({ kind: 'child', name: m[0] });
        i += m[0].length;
      } else if (expr[i] === '*') {
        steps.push({ kind: 'wild' });
        i += 1;
      }
      continue;
    }
    if (rest.startsWith('.*')) {
      steps.push({ kind: 'wild' });
      i += 2;
      continue;
    }
    if (rest.startsWith('.')) {
      const m = name.exec(rest.slice(1));
      if (!m) throw new Error(`expected a name after "." at character ${i + 1}`);
      steps.push({ kind: 'child', name: m[0] });
      i += 1 + m[0].length;
      continue;
    }
    if (rest.startsWith('[')) {
      const close = findClose(expr, i);
      const inner = expr.slice(i + 1, close).trim();
      steps.push(parseBracket(inner));
      i = close + 1;
      continue;
    }
    throw new Error(`unexpected "${expr[i]}" at character ${i}`);
  }
  return steps;
}

function findClose(expr: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let j = open; j < expr.length; j++) {
    const c = expr[j];
    if (quote) {
      if (c === '\\') j++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      depth--;
      if (depth === 0 && c === ']') return j;
    }
  }
  throw new Error('unclosed "["');
}

function parseBracket(inner: string): Step {
  if (inner === '*') return { kind: 'wild' };
  if (/^\d+$/.test(inner)) return { kind: 'index', index: Number(inner) };
  const quoted = /^(['"])(.*)\1$/.exec(inner);
  if (quoted) return { kind: 'child', name: quoted[2] ?? '' };
  const filter = /^\?\(\s*@((?:\.[A-Za-z_$][\w$-]*)+)\s*(?:(===|==|!==|!=)\s*(.+?))?\s*\)$/.exec(inner);
  if (filter) {
    const keys = (filter[1] ?? '').slice(1).split('.');
    if (filter[2] === undefined) return { kind: 'filter', keys, op: 'exists', value: undefined };
    const lit = (filter[3] ?? '').replace(/^'(.*)'$/, (_m, s: string) => JSON.stringify(s));
    let value: unknown;
    try {
      value = JSON.parse(lit);
    } catch {
      throw new Error(`the filter value ${filter[3]} is not a JSON literal`);
    }
    return { kind: 'filter', keys, op: filter[2].startsWith('!') ? 'ne' : 'eq', value };
  }
  throw new Error(`unsupported bracket expression [${inner}] (supported: names, indexes, *, ?(@.key), ?(@.key === value))`);
}

/** Returns undefined when the expression is usable, else what is wrong. */
export function checkJsonPath(expr: string): string | undefined {
  try {
    parseJsonPath(expr);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const MAX_VISIT = 1_000_000;

/** The objects and arrays the expression selects in `document`. */
export function selectNodes(document: unknown, steps: readonly Step[]): Set<object> {
  let current: unknown[] = [document];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const node of current) {
      if (step.kind === 'descend') collectDescendants(node, next);
      else applyStep(node, step, next);
    }
    current = next;
  }
  const out = new Set<object>();
  for (const n of current) if (n !== null && typeof n === 'object') out.add(n);
  return out;
}

function children(node: unknown): unknown[] {
  if (Array.isArray(node)) return node;
  if (node !== null && typeof node === 'object') return Object.values(node);
  return [];
}

function applyStep(node: unknown, step: Exclude<Step, { kind: 'descend' }>, out: unknown[]): void {
  if (node === null || typeof node !== 'object') return;
  switch (step.kind) {
    case 'child':
      if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, step.name)) out.push((node as Record<string, unknown>)[step.name]);
      return;
    case 'index':
      if (Array.isArray(node) && step.index < node.length) out.push(node[step.index]);
      return;
    case 'wild':
      for (const c of children(node)) out.push(c);
      return;
    case 'filter':
      for (const c of children(node)) if (matches(c, step)) out.push(c);
      return;
  }
}

function matches(node: unknown, step: Extract<Step, { kind: 'filter' }>): boolean {
  let v: unknown = node;
  for (const k of step.keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, k)) {
      v = undefined;
      break;
    }
    v = (v as Record<string, unknown>)[k];
  }
  if (step.op === 'exists') return v !== undefined;
  let equal: boolean;
  try {
    equal = JSON.stringify(v) === JSON.stringify(step.value);
  } catch {
    equal = false;
  }
  return step.op === 'eq' ? equal : !equal;
}

function collectDescendants(root: unknown, out: unknown[]): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0 && seen.size < MAX_VISIT) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    out.push(node);
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
}
