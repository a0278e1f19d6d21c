/**
 * Which subschemas an object schema applies to the value of one property name, as JSON Schema
 * says: the `properties` entry and every `patternProperties` entry whose pattern matches the name;
 * where neither, the closure (`additionalProperties`, or `unevaluatedProperties` when nothing
 * evaluates in place beside it, so that it means the same). One answer for convert (a required
 * name the object does not declare: walk-required.ts, walk-node.ts) and lint
 * (json-schema.tool-schema.required-refused), so the two never disagree about a name.
 *
 * An author's pattern is run here only on the judge's linear-time engine (judge/patterns/dfa.ts),
 * never on the backtracking one: converting or linting a hostile pattern cannot stall. A pattern
 * that engine declines (look-around, back-references, word boundaries, a huge counted repetition)
 * is left undecided, and each caller says what it does then.
 */
import { IN_PLACE_APPLICATORS } from './in-place.js';
import { acceptsNoValue } from './accepts-no-value.js';
import { compileDfa, type LinearMatcher } from './judge/patterns/dfa.js';
import { readPattern } from './judge/patterns/translate.js';

type Node = Record<string, unknown>;

export type NameKeyword = 'properties' | 'patternProperties' | 'additionalProperties' | 'unevaluatedProperties';

export interface AppliedSchema {
  schema: unknown;
  /** The keyword it stands under, and its key there (the name, or the pattern). */
  keyword: NameKeyword;
  key?: string;
}

export interface NameSchemas {
  /** What applies, in the order above; the closure's only when no other applies and no pattern is undecided. */
  applied: AppliedSchema[];
  /** Patterns whose match on the name is not decided here. */
  undecided: string[];
  /** The closure that applies to names nothing else matches (`true` when the object has none). */
  closure: AppliedSchema;
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The closure of `node` for names it neither declares nor matches, or undefined when it cannot be
 * told from the node alone (unevaluatedProperties beside an in-place applicator sees what that
 * evaluates).
 */
export function closureOf(node: Node): AppliedSchema | undefined {
  if (hasOwn(node, 'additionalProperties')) return { schema: node.additionalProperties, keyword: 'additionalProperties' };
  if (!hasOwn(node, 'unevaluatedProperties')) return { schema: true, keyword: 'additionalProperties' };
  if (IN_PLACE_APPLICATORS.some((k) => hasOwn(node, k))) return undefined;
  return { schema: node.unevaluatedProperties, keyword: 'unevaluatedProperties' };
}

/** What `node` applies to the value of `name`; undefined when the closure cannot be told (see closureOf). */
export function nameSchemas(node: Node, name: string): NameSchemas | undefined {
  const closure = closureOf(node);
  if (closure === undefined) return undefined;
  const applied: AppliedSchema[] = [];
  const undecided: string[] = [];
  const props = node.properties;
  if (isNode(props) && hasOwn(props, name)) applied.push({ schema: props[name], keyword: 'properties', key: name });
  const patterns = node.patternProperties;
  if (isNode(patterns)) {
    for (const source in patterns) {
      const match = patternMatches(source, name);
      if (match === undefined) undecided.push(source);
      else if (match) applied.push({ schema: patterns[source], keyword: 'patternProperties', key: source });
    }
  }
  if (applied.length === 0 && undecided.length === 0) applied.push(closure);
  return { applied, undecided, closure };
}

// Patterns repeat across a server's tools; a bounded memo keeps each compiled once.
const matchers = new Map<string, LinearMatcher | null>();
const MEMO_MAX = 256;

/** Whether `source` (a u-flag ECMA-262 pattern) matches somewhere in `name`; undefined when the linear engine declines it. */
export function patternMatches(source: string, name: string): boolean | undefined {
  let matcher = matchers.get(source);
  if (matcher === undefined) {
    let compiled: LinearMatcher | undefined;
    try {
      const reading = readPattern(source);
      compiled = reading.kind === 'regular' ? compileDfa(reading.node) : undefined;
    } catch {
      compiled = undefined;
    }
    matcher = compiled ?? null;
    if (matchers.size >= MEMO_MAX) matchers.clear();
    matchers.set(source, matcher);
  }
  return matcher === null ? undefined : matcher.test(name);
}

/**
 * Why `propertyNames` refuses `name`, read from the keywords that can be told on a string without
 * resolving anything (each keyword of a schema must hold, so one that refuses is enough);
 * undefined when none of them refuses it.
 */
export function nameRefusedBy(propertyNames: unknown, name: string): string | undefined {
  if (acceptsNoValue(propertyNames)) return 'propertyNames accepts no name';
  if (!isNode(propertyNames)) return undefined;
  const p = propertyNames;
  const type = p.type;
  if (typeof type === 'string' ? type !== 'string' : Array.isArray(type) && !type.includes('string')) return `propertyNames admits no string (type ${JSON.stringify(type)})`;
  if (hasOwn(p, 'const') && p.const !== name) return `propertyNames admits only ${JSON.stringify(p.const)}`;
  if (Array.isArray(p.enum) && !p.enum.includes(name)) return 'propertyNames does not list it';
  const length = [...name].length;
  if (typeof p.maxLength === 'number' && length > p.maxLength) return `propertyNames admits at most ${p.maxLength} characters`;
  if (typeof p.minLength === 'number' && length < p.minLength) return `propertyNames asks for at least ${p.minLength} characters`;
  if (typeof p.pattern === 'string' && patternMatches(p.pattern, name) === false) return `propertyNames asks for names matching ${p.pattern}`;
  return undefined;
}
