/**
 * The sentence checker (issue 11): every sentence a dialect wrote into a spelled schema is read
 * back with the dialect's own note and event templates and checked against the spelled node it
 * stands in and the canonical node it stands for. A sentence may state a rule the spelling lacks
 * (that is what it is for); it may never state the opposite of what the spelling or the canonical
 * schema says, nor a rule the canonical schema does not have.
 *
 * `checkSentences(canonical, spelled, dialect)` takes a convert input and its output (a bare
 * schema, a Tool or a tools/list result) and returns one `sentence-contradiction` error per false
 * sentence, at its JSON pointer in the spelled output. Used by the tests over conformance cases,
 * the corpus, JSON-Schema-Test-Suite and generated schemas, and by `dialects test`.
 */
import type { Diagnostic } from '../diagnostics.js';
import { checkDialect, DEFAULT_MAX_DEPTH, inputShape } from '../convert/convert.js';
import { copyJsonData, NotJson } from '../convert/json-copy.js';
import { isPlainObject, safeStringify, type JsonObject } from '../convert/data.js';
import { renderValue } from '../convert/placeholders.js';
import { planFor } from '../convert/plan.js';
import { renderWords } from '../convert/words.js';
import type { Vocabulary } from '../rules/schema.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { escapeToken } from '../json-pointer.js';
import { constrainsNoneOf, RULE_KEYWORDS } from '../convert/keywords.js';
import { ruleConstrains } from '../convert/node-rules.js';
import { admittedTypes } from '../type-names.js';
import type { Dialect } from '../rules/registry.js';
import { canonicalView, type CanonicalView } from './canonical-view.js';
import { readSentences, sentenceReader, type Claim } from './read-sentences.js';

export const SENTENCE_CONTRADICTION = 'sentence-contradiction';

export function checkSentences(canonical: unknown, spelled: unknown, dialect: Dialect): Diagnostic[] {
  checkDialect(dialect, 'checkSentences');
  // A cyclic, too deep or non-JSON value is said as convert says it, not met as a stack overflow.
  for (const [value, which] of [[canonical, 'first'], [spelled, 'second']] as const) {
    try {
      copyJsonData(value, 1, DEFAULT_MAX_DEPTH, []);
    } catch (err) {
      if (!(err instanceof NotJson)) throw err;
      return [{ code: err.code, severity: 'error', message: `the ${which} input (${which === 'first' ? 'the schema as authored' : 'its spelling'}) cannot be checked: ${err.message}`, path: '' }];
    }
  }
  const plan = planFor(dialect);
  const reader = sentenceReader(plan);
  const out: Diagnostic[] = [];
  for (const [c, o, prefix] of schemaPairs(canonical, spelled)) new Checker(c, o, reader, plan.vocabulary, dialect.decodesNulls, prefix, out).run();
  return out;
}

/** The schemas of a convert input beside those of its output, with their pointers. */
function schemaPairs(canonical: unknown, spelled: unknown): [unknown, unknown, string][] {
  const shape = inputShape(canonical);
  if (shape === 'schema') return [[canonical, spelled, '']];
  const tools: [unknown, unknown, string][] =
    shape === 'tool'
      ? [[canonical, spelled, '']]
      : ((canonical as JsonObject).tools as unknown[]).map((t, i) => [t, ((spelled as JsonObject | undefined)?.tools as unknown[] | undefined)?.[i], `/tools/${i}`]);
  const pairs: [unknown, unknown, string][] = [];
  for (const [t, o, prefix] of tools) {
    if (!isPlainObject(t) || !isPlainObject(o)) continue;
    for (const k of ['inputSchema', 'outputSchema']) if (k in t && k in o) pairs.push([t[k], o[k], `${prefix}/${k}`]);
  }
  return pairs;
}

const DEF_KEYS = ['$defs', 'definitions'];

class Checker {
  readonly #seen = new Set<string>();
  #budget = 20_000;

  constructor(
    readonly canonicalRoot: unknown,
    readonly spelledRoot: unknown,
    readonly reader: ReturnType<typeof sentenceReader>,
    readonly vocabulary: Vocabulary | undefined,
    readonly decodesNulls: boolean,
    readonly prefix: string,
    readonly out: Diagnostic[],
  ) {}

  run(): void {
    this.visit(this.spelledRoot, canonicalView(this.canonicalRoot, this.canonicalRoot), '', false);
    // Definitions the spelling kept: each against the canonical definition of the same name.
    if (!isPlainObject(this.spelledRoot)) return;
    for (const dk of Object.keys(this.spelledRoot)) {
      const defs = this.spelledRoot[dk];
      if (!DEF_KEYS.includes(dk) && dk !== 'defs') continue;
      if (!isPlainObject(defs)) continue;
      for (const name of Object.keys(defs)) {
        const c = canonicalDefinition(this.canonicalRoot, name);
        this.visit(defs[name], c === undefined ? undefined : canonicalView(this.canonicalRoot, c), `/${dk}/${escapeToken(name)}`, false);
      }
    }
  }

  report(path: string, sentence: string, why: string): void {
    this.out.push({ code: SENTENCE_CONTRADICTION, severity: 'error', message: `"${sentence}" ${why}`, path: this.prefix + path });
  }

  /** `optionalNull`: the node is an optional property of a dialect whose callers send null for an omission. */
  visit(node: unknown, c: CanonicalView | undefined, path: string, optionalNull: boolean): void {
    if (!isPlainObject(node) || --this.#budget < 0) return;
    const key = `${path}\u0000${c === undefined ? '' : c.id}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    // A reference the view cannot follow (an $id-based URI): nothing is known of the canonical node.
    if (c?.opaque) c = undefined;
    // `anyOf: [X, {type: null}]` spelled as X with a nullable flag: the node stands for X.
    if (c?.union !== undefined && !Array.isArray(node.anyOf)) {
      const real = c.union.filter((b) => !isNullSchema(b) && !acceptsNoValue(b));
      if (real.length === 1) c = c.collapse(real[0]);
    }
    if (typeof node.description === 'string') this.checkNode(node, c, path, optionalNull);

    // Branches pair in order once null branches are set aside (a dialect may fold them into a flag
    // or add one); a lone branch around a non-union is the dialect's wrapper and stands for the node.
    const branches = Array.isArray(node.anyOf) ? node.anyOf : undefined;
    if (branches) {
      const real = branches.map((b, i) => [b, i] as const).filter(([b]) => !isNullSchema(b));
      // A branch that accepts nothing is left out by a dialect that cannot spell it.
      const canonicalReal = c?.union?.map((b, i) => [b, i] as const).filter(([b]) => !isNullSchema(b) && !acceptsNoValue(b));
      if (c !== undefined && canonicalReal !== undefined && canonicalReal.length === real.length) {
        real.forEach(([b, i], n) => this.visit(b, c.child(canonicalReal[n]?.[0], ''), `${path}/anyOf/${i}`, false));
      } else if (real.length === 1 && (canonicalReal === undefined || canonicalReal.length !== 1)) {
        const [b, i] = real[0] as readonly [unknown, number];
        this.visit(b, c, `${path}/anyOf/${i}`, optionalNull);
      }
    }
    const props = node.properties;
    if (isPlainObject(props)) {
      for (const name of Object.keys(props)) {
        const cp = c?.property(name);
        const optional = this.decodesNulls && c !== undefined && !c.required.has(name);
        this.visit(props[name], cp, `${path}/properties/${escapeToken(name)}`, optional);
      }
    }
    if (isPlainObject(node.items)) this.visit(node.items, c?.items(), `${path}/items`, false);
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach((s, i) => this.visit(s, c?.prefixItem(i), `${path}/prefixItems/${i}`, false));
    if (isPlainObject(node.additionalProperties)) this.visit(node.additionalProperties, c?.sub('additionalProperties'), `${path}/additionalProperties`, false);
    for (const k of ['not', 'contains', 'propertyNames']) if (isPlainObject(node[k])) this.visit(node[k], c?.sub(k), `${path}/${k}`, false);
    // A reference the spelling kept is checked where its definition stands (run()).
  }

  checkNode(node: JsonObject, c: CanonicalView | undefined, path: string, optionalNull: boolean): void {
    const authored = c?.description;
    let text = node.description as string;
    if (authored !== undefined && text.startsWith(authored)) text = text.slice(authored.length);
    const claims = readSentences(this.reader, text);
    const at = `${path}/description`;
    for (const said of claims) {
      // A sentence more than one template reads is false only when every reading is.
      let why: string | undefined;
      const readings = said.alternatives ? ordered([said, ...said.alternatives]) : [said];
      for (const reading of readings) {
        const claim = reading.words === undefined ? reading : this.inWords(reading, node, c);
        const wrong = typeof claim === 'string' ? claim : this.contradiction(claim, node, c, optionalNull);
        if (wrong === undefined) {
          why = undefined;
          break;
        }
        why ??= wrong;
      }
      if (why !== undefined) this.report(at, said.sentence, why);
    }
  }

  /**
   * A sentence in words is read by writing it again: from the canonical values of its keywords
   * (else the spelled ones), with the dialect's own vocabulary. The values it was written from
   * then stand for it, so the checks of a JSON sentence apply to it as well; a sentence that no
   * value writes is a contradiction.
   */
  inWords(claim: Claim, node: JsonObject, c: CanonicalView | undefined): Claim | string {
    const vocabulary = this.vocabulary;
    if (vocabulary === undefined || claim.words === undefined) return claim;
    const from = c !== undefined ? 'canonical schema' : 'spelled schema';
    const lists: unknown[][] = [];
    for (const k of claim.keywords) {
      const list = c !== undefined ? c.shownValues(k) : Object.prototype.hasOwnProperty.call(node, k) ? [node[k]] : [];
      if (list.length === 0) return c !== undefined ? `but the canonical schema has no "${k}" here` : claim;
      lists.push(list);
    }
    const written: string[] = [];
    // The keywords the dropped values stood beside (a typed noun reads the schema's type), as canonical has them.
    const around = (name: string): unknown => (c !== undefined ? c.shownValues(name)[0] : node[name]);
    for (const combo of combinations(lists)) {
      const get = (name: string): unknown => combo[claim.keywords.indexOf(name)];
      // A note for equal values ("Exactly 2 items.") is written only from values that are equal.
      if (claim.equal !== undefined && new Set(claim.equal.map((k) => JSON.stringify(get(k)))).size > 1) continue;
      const said = renderWords(claim.words, get, vocabulary, around);
      if (said?.includes(claim.sentence)) {
        const values: Record<string, string> = {};
        const raw: Record<string, unknown> = {};
        claim.keywords.forEach((k, i) => {
          values[k] = renderValue(combo[i]);
          raw[k] = combo[i];
        });
        if (claim.when) for (const [k, v] of claim.when) values[k] = v;
        return { ...claim, values, raw, words: undefined };
      }
      if (said) written.push(...said);
    }
    return written.length > 0 ? `but the ${from} reads "${written.join(' ')}" here` : `but the ${claim.keywords.join(', ')} of the ${from} here has no such wording`;
  }

  contradiction(claim: Claim, node: JsonObject, c: CanonicalView | undefined, optionalNull: boolean): string | undefined {
    if (claim.event === 'any-value') {
      if (node.enum !== undefined || node.const !== undefined) return 'stands beside an enum or const in the spelled schema, which accepts only those values';
      if (c === undefined) return undefined;
      for (const k of ['type', 'enum', 'const', 'not']) if (c.has(k)) return `but the canonical schema has "${k}" here, so not every value is accepted`;
      // Any other rule that constrains what passes (a bound, a format, an allOf) makes it false too.
      for (const k of RULE_KEYWORDS) {
        if (c.has(k) && c.shownValues(k).some((v) => ruleConstrains(k, v))) return `but the canonical schema has "${k}" here, so not every value is accepted`;
      }
      if (c.isFalse) return 'but the canonical schema accepts nothing here';
      return undefined;
    }
    if (claim.event === 'false-property') {
      const name = claim.values.name;
      if (name === undefined) return undefined;
      if (isPlainObject(node.properties) && name in node.properties) return `but the spelled schema declares the property ${JSON.stringify(name)} here`;
      if (c !== undefined && !c.propertyIsFalse(name)) return `but the canonical schema has no property ${JSON.stringify(name)} that accepts nothing here`;
      return undefined;
    }
    if (claim.event !== undefined || c === undefined) return this.againstSpelling(claim, node, optionalNull);
    for (const k of claim.keywords) {
      if (k === 'additionalProperties' || k === 'unevaluatedProperties') {
        const closes = claim.values[k] === 'false';
        if (claim.when?.get(k) === 'true' || (!closes && claim.values[k] === undefined)) {
          if (c.closed) return `but the canonical schema accepts no other properties here`;
        } else if (closes && !c.closed) return `but the canonical schema accepts other properties here`;
        continue;
      }
      const rendered = claim.values[k];
      if (rendered === undefined) continue;
      // A reference beside rules of its own applies both, which the walk may have to write as an allOf.
      if (k === 'allOf' && c.refBesideRules) continue;
      const found = c.renderedValues(k);
      if (found.length === 0) return `but the canonical schema has no "${k}" here`;
      // The branches an allOf merge could not take in are listed: a part of the canonical list.
      if (k === 'allOf') continue;
      if (!found.includes(rendered) && !(k === 'enum' && c.enumReadings().includes(rendered))) return `but the canonical schema says ${k} ${found.join(' / ')} here`;
    }
    return this.againstSpelling(claim, node, optionalNull);
  }

  /** A sentence that restates a kept keyword must agree with it; a negation must not be undone by the spelling. */
  againstSpelling(claim: Claim, node: JsonObject, optionalNull: boolean): string | undefined {
    for (const k of claim.keywords) {
      const v = claim.values[k];
      if (v === undefined || !(k in node) || k === 'additionalProperties') continue;
      if (renderValue(node[k]) !== v) return `but the spelled schema says ${k} ${renderValue(node[k])} here`;
    }
    // A rule for values the spelled type has none of ("Must be an email address." beside an integer) is no rule here.
    const types = admittedTypes(node);
    if (types !== undefined) {
      for (const k of claim.keywords) {
        const v = Object.prototype.hasOwnProperty.call(claim.raw, k) ? claim.raw[k] : claim.when?.get(k);
        if (v !== undefined && constrainsNoneOf(k, v, types)) return `but ${k} constrains no value of the spelled type ${safeStringify(node.type)}`;
      }
    }
    // "Must be c." beside a spelled enum that does not list c says the opposite of the spelling.
    const said = claim.values.const;
    if (claim.keywords.includes('const') && said !== undefined && Array.isArray(node.enum) && !node.enum.some((v) => renderValue(v) === said)) {
      return `but the spelled enum does not list ${said}`;
    }
    if (claim.keywords.includes('not') && !optionalNull) {
      const typeOfNot = notType(claim.values.not);
      if (typeOfNot !== undefined && admitsType(node, typeOfNot)) return `but the spelled schema accepts ${typeOfNot} here`;
    }
    if ((claim.keywords.includes('enum') || claim.keywords.includes('const')) && node.type !== undefined) {
      const values = Array.isArray(claim.raw.enum) ? claim.raw.enum : claim.raw.const === undefined ? undefined : [claim.raw.const];
      // A rendered const is bare text: "1" may be the string or the number.
      const stray = values?.find((v) => !(v === null && optionalNull) && !typeAdmitsValue(node, v) && !(claim.raw.const !== undefined && typeAdmitsValue(node, claim.values.const)));
      if (stray !== undefined) return `but the spelled type does not accept ${safeStringify(stray)}`;
    }
    return undefined;
  }
}

function isNullSchema(v: unknown): boolean {
  return isPlainObject(v) && v.type === 'null' && Object.keys(v).length === 1;
}

function canonicalDefinition(root: unknown, name: string): unknown {
  if (!isPlainObject(root)) return undefined;
  for (const k of DEF_KEYS) {
    const defs = root[k];
    if (isPlainObject(defs) && Object.prototype.hasOwnProperty.call(defs, name)) return defs[name];
  }
  return undefined;
}

/** `{"type":"null"}` rendered in a sentence -> 'null'. */
function notType(rendered: string | undefined): string | undefined {
  if (rendered === undefined) return undefined;
  try {
    const v = JSON.parse(rendered) as unknown;
    if (isPlainObject(v) && Object.keys(v).length === 1 && typeof v.type === 'string') return v.type;
  } catch {
    return undefined;
  }
  return undefined;
}

function admitsType(node: JsonObject, type: string): boolean {
  if (node.nullable === true && type === 'null') return true;
  // Only a spelling that names the type says the opposite; a wider one (number for integer) is silent on it.
  if (admittedTypes(node)?.includes(type)) return true;
  if (Array.isArray(node.anyOf)) return node.anyOf.some((b) => isPlainObject(b) && admitsType(b, type));
  return false;
}

function typeAdmitsValue(node: JsonObject, v: unknown): boolean {
  const types = admittedTypes(node);
  if (!types) return true;
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/** Every choice of one value per list (a keyword may stand in several parts of a node: its allOf branches). */
function combinations(lists: readonly unknown[][]): unknown[][] {
  let out: unknown[][] = [[]];
  for (const list of lists) out = out.flatMap((prefix) => list.map((v) => [...prefix, v]));
  return out.slice(0, 64);
}

/**
 * The readings of one sentence in the order their reasons are told: the most specific template
 * first (the reader's order: "Must be an ISO-8601 date." before "Must be {const:one}."), and of one
 * note's two forms the one in words first, since its reason says what the sentence should have been.
 */
function ordered(readings: Claim[]): Claim[] {
  const byNote = new Map<string, Claim[]>();
  for (const r of readings) {
    const key = r.keywords.join('\u0000');
    const group = byNote.get(key);
    if (group === undefined) byNote.set(key, [r]);
    else group.push(r);
  }
  return [...byNote.values()].flatMap((g) => g.sort((a, b) => Number(a.words === undefined) - Number(b.words === undefined)));
}
