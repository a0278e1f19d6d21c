/**
 * A `given` filter compiled once into closures, so a rule tried on thousands of nodes does not
 * interpret its syntax tree (and copy its context) at each one. The tree is the one jsonpath-plus's
 * safe evaluator parsed (jsep); the closures mean what that evaluator means on the common subset:
 * literals, the `@...` names, member reads of own properties, the string/array/regex methods
 * below, operators, `?:`, array literals. Anything else, or a member that is not an own property
 * and not one of those methods, throws FALLBACK at run time and the caller asks the safe
 * evaluator itself, so the result is always the safe evaluator's.
 */

export type Compiled = (subs: Readonly<Record<string, unknown>>) => unknown;

/** Thrown when the closures cannot answer; the caller then runs the safe evaluator. */
export const FALLBACK: unique symbol = Symbol('fallback');

interface Node {
  type: string;
  [k: string]: unknown;
}

// Methods read off a value, by the value's kind; each is called with the value as `this`.
const STRING_METHODS = new Set(['includes', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'toLowerCase', 'toUpperCase', 'trim', 'match', 'slice']);
const ARRAY_METHODS = new Set(['includes', 'indexOf', 'lastIndexOf', 'join', 'slice']);
const REGEXP_METHODS = new Set(['test']);
const SANDBOX = new Set(['_$_v', '_$_property', '_$_parent', '_$_parentProperty', '_$_root']);

function read(obj: unknown, prop: string): unknown {
  if (obj === undefined || obj === null) throw new TypeError(`Cannot read properties of ${String(obj)} (reading '${prop}')`);
  if (typeof obj === 'object') {
    if (Object.prototype.hasOwnProperty.call(obj, prop)) {
      const v = (obj as Record<string, unknown>)[prop];
      if (typeof v === 'function') throw FALLBACK;
      return v;
    }
    if (Array.isArray(obj) && ARRAY_METHODS.has(prop)) return (Array.prototype as unknown as Record<string, unknown>)[prop];
    if (obj instanceof RegExp && REGEXP_METHODS.has(prop)) return RegExp.prototype.test;
    // A keyword the node does not have reads as undefined; a prototype member is the evaluator's call.
    if (prop in obj) throw FALLBACK;
    return undefined;
  }
  if (typeof obj === 'string') {
    if (prop === 'length') return obj.length;
    if (STRING_METHODS.has(prop)) return (String.prototype as unknown as Record<string, unknown>)[prop];
  }
  if (prop in Object(obj)) throw FALLBACK;
  return undefined;
}

const BINARY: Record<string, (a: unknown, b: () => unknown) => unknown> = {
  '||': (a, b) => a || b(),
  '&&': (a, b) => a && b(),
  '??': (a, b) => a ?? b(),
  '===': (a, b) => a === b(),
  '!==': (a, b) => a !== b(),
  // eslint-disable-next-line eqeqeq -- the evaluator's meaning
  '==': (a, b) => a == b(),
  // eslint-disable-next-line eqeqeq -- the evaluator's meaning
  '!=': (a, b) => a != b(),
  '<': (a, b) => (a as number) < (b() as number),
  '<=': (a, b) => (a as number) <= (b() as number),
  '>': (a, b) => (a as number) > (b() as number),
  '>=': (a, b) => (a as number) >= (b() as number),
  '+': (a, b) => (a as number) + (b() as number),
  '-': (a, b) => (a as number) - (b() as number),
};

const UNARY: Record<string, (a: unknown) => unknown> = {
  '!': (a) => !a,
  '-': (a) => -(a as number),
  typeof: (a) => typeof a,
};

/** Closures for a jsep tree, or undefined when it holds anything outside the subset. */
export function compileFilter(ast: unknown): Compiled | undefined {
  try {
    return build(ast as Node);
  } catch (err) {
    if (err === FALLBACK) return undefined;
    throw err;
  }
}

function build(n: Node): Compiled {
  switch (n.type) {
    case 'Literal': {
      const v = n.value;
      return () => v;
    }
    case 'Identifier': {
      const name = n.name as string;
      // `@`, `@property`, ...: every context the filters run in sets these (jsonpath.ts).
      if (SANDBOX.has(name)) return (subs) => subs[name];
      return (subs) => {
        if (Object.prototype.hasOwnProperty.call(subs, name)) return subs[name];
        throw new ReferenceError(`${name} is not defined`);
      };
    }
    case 'MemberExpression': {
      const object = build(n.object as Node);
      if (n.computed) {
        const property = build(n.property as Node);
        return (subs) => {
          const p = String(property(subs));
          return read(object(subs), p);
        };
      }
      const name = (n.property as Node).name as string;
      return (subs) => read(object(subs), name);
    }
    case 'CallExpression': {
      const callee = n.callee as Node;
      if (callee.type !== 'MemberExpression') throw FALLBACK;
      const object = build(callee.object as Node);
      const property = callee.computed ? build(callee.property as Node) : undefined;
      const name = callee.computed ? '' : ((callee.property as Node).name as string);
      const args = (n.arguments as Node[]).map(build);
      return (subs) => {
        const values = args.map((a) => a(subs));
        const self = object(subs);
        const fn = read(self, property ? String(property(subs)) : name);
        if (typeof fn !== 'function') throw new TypeError(`${name || 'the value'} is not a function`);
        return (fn as (...a: unknown[]) => unknown).apply(self, values);
      };
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      const op = BINARY[n.operator as string];
      if (op === undefined) throw FALLBACK;
      const left = build(n.left as Node);
      const right = build(n.right as Node);
      return (subs) => op(left(subs), () => right(subs));
    }
    case 'UnaryExpression': {
      const op = UNARY[n.operator as string];
      if (op === undefined) throw FALLBACK;
      const arg = build(n.argument as Node);
      return (subs) => op(arg(subs));
    }
    case 'ConditionalExpression': {
      const test = build(n.test as Node);
      const yes = build(n.consequent as Node);
      const no = build(n.alternate as Node);
      return (subs) => (test(subs) ? yes(subs) : no(subs));
    }
    case 'ArrayExpression': {
      const items = (n.elements as Node[]).map(build);
      return (subs) => items.map((i) => i(subs));
    }
    default:
      throw FALLBACK;
  }
}
