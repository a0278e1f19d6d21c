/**
 * What must hold for every dialect, whatever its rules, checked by `dialects test` on every output.
 * Each check reads the canonical input, the dialect's resolved rules and the conversion result, and
 * returns its findings as sentences; none asks the converter how it got there, so a converter bug
 * shows here rather than being explained away. `INVARIANTS` is the one list the runner applies: a
 * further check (the sentence-contradiction checker) joins by adding an entry.
 */
import { checkSentences, constrainsNoValueHere, getAt, type ConvertResult, type Dialect, type Rule } from '@redouble/dialects/core';
import { eachSchemaNode, propertyChainNodes, schemasIn } from './output-walk.js';

export interface InvariantContext {
  dialect: Dialect;
  /** The canonical input (a schema, a Tool or a tools/list result). */
  input: unknown;
  result: ConvertResult;
}

export interface InvariantCheck {
  id: string;
  /** One line: what holds. */
  title: string;
  check(ctx: InvariantContext): string[];
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keywords the interpreter writes on its own account, whatever the rule file keeps. */
const STRUCTURAL = ['type', 'description', 'properties', 'required', 'items'];

/** Keywords each action may write into an output. */
function produced(rule: Rule): string[] {
  const out: string[] = [];
  const refs = rule.references;
  if (refs) {
    out.push(refs.refKeyword, refs.definitionsKeyword);
    if (refs.siblings === 'wrap-anyof') out.push('anyOf');
    if (refs.cycles === 'break') out.push('title', 'type', 'description');
    if (refs.mode === 'inline') out.push('allOf');
  }
  if (rule.nulls === 'nullable-flag') out.push('nullable');
  if (rule.nulls === 'any-of' || rule.typeArrays === 'any-of') out.push('anyOf');
  if (rule.booleanSchemas === 'as-objects') out.push('not', 'maxItems');
  if (rule.objects && rule.objects.closed !== 'as-authored') out.push('additionalProperties');
  if (rule.objects?.optional === 'required-nullable') out.push('anyOf', 'enum');
  if (rule.constAsEnum) out.push('enum');
  if (rule.anyValue) out.push(...Object.keys(rule.anyValue.spell ?? {}));
  if (rule.root?.unions === 'merge-objects') out.push('additionalProperties');
  // derive writes the keywords it names; unionBranches moves properties/required into the branches.
  out.push(...Object.keys(rule.derive ?? {}));
  if (rule.unionBranches !== undefined) out.push('anyOf', 'oneOf', 'properties', 'required');
  return out;
}

/** A drop or rename that applies everywhere it is scoped, with no condition. */
function unconditional(rule: Rule): boolean {
  return rule.given === undefined;
}

interface KeywordSets {
  /** Undefined when the file keeps what no rule mentions (`otherKeywords: keep`). */
  allowed: Set<string> | undefined;
  forbiddenRoot: Set<string>;
  forbiddenBelow: Set<string>;
  /** The root allowlist, when the file has one. */
  rootOnly: Set<string> | undefined;
}

function keywordSets(dialect: Dialect): KeywordSets {
  const { rules, otherKeywords } = dialect.resolved;
  const allowed = new Set<string>(STRUCTURAL);
  const forbiddenRoot = new Set<string>();
  const forbiddenBelow = new Set<string>();
  let rootOnly: Set<string> | undefined;
  // Later rules for the same keyword replace earlier ones (docs/rule-format.md), so walk in order.
  for (const rule of rules) {
    const scoped = (k: string, forbid: boolean): void => {
      for (const set of rule.scope === 'root' ? [forbiddenRoot] : rule.scope === 'below-root' ? [forbiddenBelow] : [forbiddenRoot, forbiddenBelow]) {
        if (forbid) set.add(k);
        else set.delete(k);
      }
    };
    for (const k of rule.keep ?? []) {
      allowed.add(k);
      scoped(k, false);
    }
    for (const k of Object.keys(rule.keepWhen ?? {})) {
      allowed.add(k);
      scoped(k, false);
    }
    for (const [from, to] of Object.entries(rule.rename ?? {})) {
      allowed.add(to);
      if (unconditional(rule)) scoped(from, true);
    }
    for (const k of rule.drop ?? []) if (unconditional(rule)) scoped(k, true);
    if (rule.root?.keywords) rootOnly = new Set(rule.root.keywords);
    for (const k of produced(rule)) allowed.add(k);
  }
  for (const k of rootOnly ?? []) allowed.add(k);
  return { allowed: otherKeywords === 'drop' ? allowed : undefined, forbiddenRoot, forbiddenBelow, rootOnly };
}

/** The definitions keyword of the dialect's output, when it gathers definitions. */
export function definitionsKeyword(dialect: Dialect): string | undefined {
  let kw: string | undefined;
  for (const r of dialect.resolved.rules) if (r.references) kw = r.references.definitionsKeyword;
  return kw;
}

/** Whether the dialect publishes a tool's outputSchema as authored (an `outputSchema: as-authored` rule). */
export function outputAsAuthored(dialect: Dialect): boolean {
  let as = false;
  for (const r of dialect.resolved.rules) if (r.outputSchema !== undefined) as = r.outputSchema === 'as-authored';
  return as;
}

/** The schemas of an output the dialect spells (an outputSchema it publishes as authored is the author's, like canonical's). */
export function spelledSchemasIn(dialect: Dialect, output: unknown): { at: string; schema: unknown }[] {
  const all = schemasIn(output);
  return outputAsAuthored(dialect) ? all.filter((s) => !s.at.endsWith('/outputSchema')) : all;
}

const outputSchemaAsAuthored: InvariantCheck = {
  id: 'output-schema-as-authored',
  title: 'an outputSchema the dialect publishes as authored is the canonical one, unchanged',
  check({ dialect, input, result }) {
    if (result.output === undefined || !outputAsAuthored(dialect)) return [];
    return pairedSchemas(input, result.output)
      .filter((p) => p.at.endsWith('/outputSchema') && JSON.stringify(p.canonical) !== JSON.stringify(p.spelled))
      .map((p) => `${p.at}: differs from the canonical outputSchema`);
  },
};

const keywordsKeptOrProduced: InvariantCheck = {
  id: 'keywords-kept-or-produced',
  title: 'every output keyword is one the rule file keeps or produces',
  check({ dialect, result }) {
    if (result.output === undefined) return [];
    const sets = keywordSets(dialect);
    const defs = definitionsKeyword(dialect);
    const problems: string[] = [];
    for (const { at, schema } of spelledSchemasIn(dialect, result.output)) {
      eachSchemaNode(schema, (node, pointer) => {
        const root = pointer === '';
        for (const k of Object.keys(node)) {
          if (k === defs || k.startsWith('x-')) continue;
          if ((root ? sets.forbiddenRoot : sets.forbiddenBelow).has(k)) problems.push(`${at}${pointer}: "${k}" is written, but a rule of ${dialect.id} drops or renames it`);
          else if (root && sets.rootOnly && !sets.rootOnly.has(k)) problems.push(`${at}${pointer}: "${k}" is written at the root, outside the root's keyword list`);
          else if (sets.allowed && !sets.allowed.has(k)) problems.push(`${at}${pointer}: "${k}" is written, but no rule of ${dialect.id} keeps or produces it`);
        }
      }, defs);
    }
    return problems;
  },
};

/** The schemas of the input and of the output, paired by where they sit. */
function pairedSchemas(input: unknown, output: unknown): { at: string; canonical: unknown; spelled: unknown }[] {
  const spelled = new Map(schemasIn(output).map((s) => [s.at, s.schema]));
  return schemasIn(input).filter((s) => spelled.has(s.at)).map((s) => ({ at: s.at, canonical: s.schema, spelled: spelled.get(s.at) }));
}

const authorDescriptionFirst: InvariantCheck = {
  id: 'author-description-first',
  title: "the author's description comes first and is never replaced",
  check({ input, result }) {
    if (result.output === undefined) return [];
    const problems: string[] = [];
    for (const { at, canonical, spelled } of pairedSchemas(input, result.output)) {
      for (const { pointer, node } of propertyChainNodes(canonical)) {
        const authored = node.description;
        if (typeof authored !== 'string' || authored === '') continue;
        const out = getAt(spelled, pointer);
        if (!isRecord(out)) continue;
        const written = out.description;
        // The sentences follow it after a space, or after a stop where the author ended no sentence,
        // or at once where the author's own text ends in whitespace.
        if (typeof written === 'string' ? written === authored || (written.startsWith(authored) && (/[\s\u200b]$/u.test(authored) || /^[^\s\p{L}\p{N}]{0,3} /u.test(written.slice(authored.length)))) : hasDiagnosticAt(result, `${at}${pointer}`)) continue;
        problems.push(`${at}${pointer}: the author's description ${JSON.stringify(authored)} ${typeof written === 'string' ? `is not first in ${JSON.stringify(written)}` : 'is gone without a diagnostic'}`);
      }
    }
    return problems;
  },
};

function hasDiagnosticAt(result: ConvertResult, pointer: string): boolean {
  return result.diagnostics.some((d) => d.path === pointer || d.path.startsWith(`${pointer}/`));
}

/**
 * Keywords that state a rule about the value (assertions), whose loss the reader must be told of.
 * The values that constrain nothing are left out: dropping them tells the reader nothing false.
 */
const ASSERTIONS: Readonly<Record<string, (v: unknown) => boolean>> = {
  minimum: () => true, maximum: () => true, exclusiveMinimum: () => true, exclusiveMaximum: () => true,
  multipleOf: () => true, minLength: (v) => v !== 0, maxLength: () => true, pattern: () => true, format: () => true,
  minItems: (v) => v !== 0, maxItems: () => true, uniqueItems: (v) => v === true, minProperties: (v) => v !== 0,
  maxProperties: () => true, enum: () => true, const: () => true, additionalProperties: (v) => v === false,
};

/** The fixed words of a note (its text outside `{…}` placeholders), to find it in a description. */
function fixedWords(text: string): string[] {
  return text.split(/\{[^}]*\}/).map((s) => s.trim()).filter((s) => s.length >= 4);
}

/** Whether `node` (or a union branch of it) still spells `keyword`, under its own name or a rename. */
function stillSpelled(node: Json, keyword: string, renames: ReadonlyMap<string, string>): boolean {
  const names = [keyword, renames.get(keyword)].filter((k): k is string => k !== undefined);
  const here = (n: unknown): boolean => isRecord(n) && names.some((k) => Object.hasOwn(n, k));
  if (here(node)) return true;
  return ['anyOf', 'oneOf', 'allOf'].some((u) => Array.isArray(node[u]) && (node[u] as unknown[]).some(here));
}

/** Whether `node` spells exactly the object `value`: each property pinned to its value, all required, no other property. */
function pinsObject(node: unknown, value: Json): boolean {
  if (!isRecord(node) || node.additionalProperties !== false || !isRecord(node.properties)) return false;
  const names = Object.keys(value);
  const props = node.properties;
  const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
  return Object.keys(props).length === names.length && names.every((k) => required.includes(k) && pinsValue(props[k], value[k]));
}

/** Whether `node` accepts only `value` (a const, a one-value enum, or an object spelled out as pinned properties). */
function pinsValue(node: unknown, value: unknown): boolean {
  if (!isRecord(node)) return false;
  if (isRecord(value) && pinsObject(node, value)) return true;
  const same = (x: unknown): boolean => JSON.stringify(x) === JSON.stringify(value);
  if (Object.hasOwn(node, 'const')) return same(node.const);
  return Array.isArray(node.enum) && node.enum.length === 1 && same(node.enum[0]);
}

/** Whether the canonical node's `type` (if any) admits a value. */
function typeAdmits(node: Json, v: unknown): boolean {
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as unknown[]) : undefined;
  if (types === undefined) return true;
  const kind = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : isRecord(v) ? 'object' : typeof v;
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

/** Whether an object value sends, beside each property, the ones the node's dependentRequired (or draft-07 dependencies) asks for. */
function dependenciesMet(node: Json, v: unknown): boolean {
  if (!isRecord(v)) return true;
  for (const deps of [node.dependentRequired, node.dependencies]) {
    if (!isRecord(deps)) continue;
    for (const [k, needs] of Object.entries(deps)) if (Object.hasOwn(v, k) && Array.isArray(needs) && !needs.every((n) => typeof n === 'string' && Object.hasOwn(v, n))) return false;
  }
  return true;
}

/**
 * A const, or an enum listing an object, whose every value (of a type the node admits, sending what
 * its dependentRequired asks for) the spelled node still pins: an object spelled out as pinned
 * properties, another value as a const, alone or one anyOf branch each.
 */
function spelledOut(node: Json, out: Json, keyword: string, value: unknown, valueNotes: readonly string[][]): boolean {
  const values = keyword === 'const' ? [value] : keyword === 'enum' && Array.isArray(value) ? value : [];
  if (!values.some(isRecord)) return false;
  const branches = Array.isArray(out.anyOf) ? (out.anyOf as unknown[]) : [out];
  return values.every((v) => !typeAdmits(node, v) || !dependenciesMet(node, v) || branches.some((b) => tellsValue(b, v, valueNotes)));
}

/**
 * Whether `node` pins `value` (pinsValue), or says it: a scalar named in its description beside the
 * fixed words of an enum or const note (a dialect that drops enum writes "One of: \"dark\"."), an
 * object spelled out as its properties, each told the same way.
 */
function tellsValue(node: unknown, value: unknown, valueNotes: readonly string[][]): boolean {
  if (!isRecord(node)) return false;
  if (pinsValue(node, value)) return true;
  // null is told by the branch's own null: a nullable flag or a type that lists it.
  if (value === null) return node.nullable === true || node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));
  if (isRecord(value)) {
    if (!isRecord(node.properties)) return false;
    const props = node.properties;
    const names = Object.keys(value);
    const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
    return Object.keys(props).length === names.length && names.every((k) => required.includes(k) && tellsValue(props[k], value[k], valueNotes));
  }
  const text = typeof node.description === 'string' ? node.description : '';
  return text.includes(JSON.stringify(value)) && valueNotes.some((words) => words.every((w) => text.includes(w)));
}

const droppedRuleTold: InvariantCheck = {
  id: 'dropped-rule-told',
  title: 'every dropped rule has its sentence in the description, or a diagnostic',
  check({ dialect, input, result }) {
    if (result.output === undefined) return [];
    const renames = new Map<string, string>();
    for (const r of dialect.resolved.rules) {
      for (const [from, to] of Object.entries(r.rename ?? {})) renames.set(from, to);
      if (r.constAsEnum) renames.set('const', 'enum');
    }
    const notes = dialect.resolved.notes;
    // The fixed words of the notes that state enum or const values, for values told in a branch.
    const valueNotes = notes.filter((n) => n.keywords?.includes('enum') || n.keywords?.includes('const')).map((n) => fixedWords(n.text));
    const problems: string[] = [];
    for (const { at, canonical, spelled } of pairedSchemas(input, result.output)) {
      for (const { pointer, node } of propertyChainNodes(canonical)) {
        const out = getAt(spelled, pointer);
        if (!isRecord(out)) continue;
        const text = typeof out.description === 'string' ? out.description : '';
        for (const [keyword, constrains] of Object.entries(ASSERTIONS)) {
          if (!Object.hasOwn(node, keyword) || !constrains(node[keyword]) || stillSpelled(out, keyword, renames) || spelledOut(node, out, keyword, node[keyword], valueNotes)) continue;
          // A keyword for values of another type than the node's (format: email beside an integer) constrains nothing here.
          if (constrainsNoValueHere(node, keyword)) continue;
          // A keyword read as another (const as enum) is told by that one's note too.
          const names = [keyword, renames.get(keyword)];
          const told = notes.some((n) => names.some((k) => k !== undefined && n.keywords?.includes(k)) && fixedWords(n.text).every((w) => text.includes(w)));
          if (told || hasDiagnosticAt(result, `${at}${pointer}`)) continue;
          problems.push(`${at}${pointer}: "${keyword}" is dropped with neither its sentence nor a diagnostic`);
        }
      }
    }
    return problems;
  },
};

/**
 * The checks `dialects test` applies to every output, in order. The sentence-contradiction checker
 * (no sentence contradicts the spelled schema) belongs here as one more entry.
 */
/** No sentence contradicts the spelled node or the canonical one (the engine's sentence checker). */
const sentencesTrue: InvariantCheck = {
  id: 'sentences-true',
  title: 'no sentence contradicts the spelled schema or the canonical one',
  check: ({ dialect, input, result }) =>
    result.output === undefined ? [] : checkSentences(input, result.output, dialect).map((d) => `${d.path}: ${d.message}`),
};

/**
 * A diagnostic names a place the author wrote: its pointer resolves in the input. A pointer built
 * from the walk's own objects (a property it declared, moved into a branch) once named a property
 * the input does not have, and no reader could find what it spoke of.
 */
const diagnosticsPointIntoInput: InvariantCheck = {
  id: 'diagnostics-point-into-input',
  title: "every diagnostic's pointer resolves in the input",
  check({ input, result }) {
    return result.diagnostics.filter((d) => d.path !== '' && getAt(input, d.path) === undefined).map((d) => `${d.code} at ${d.path}, which names nothing in the input`);
  },
};

export const INVARIANTS: readonly InvariantCheck[] = [keywordsKeptOrProduced, outputSchemaAsAuthored, authorDescriptionFirst, droppedRuleTold, sentencesTrue, diagnosticsPointIntoInput];

export function checkInvariants(ctx: InvariantContext, checks: readonly InvariantCheck[] = INVARIANTS): string[] {
  return checks.flatMap((c) => c.check(ctx).map((p) => `${c.id}: ${p}`));
}
