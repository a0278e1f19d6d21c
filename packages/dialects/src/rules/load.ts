/**
 * Reads one rule file: YAML with positions kept, checked by the zod schema and by the checks a schema
 * cannot express (sources named, unique rule ids, file name, regexes). Every problem becomes a
 * diagnostic at `file:line:column`; a file with any problem is refused whole.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { yamlLib } from '../lazy-module.js';
import type { z } from 'zod';
import { DialectError, diagnostic, type Diagnostic } from '../diagnostics.js';
import { RuleFileSchema, SentenceFileSchema, type RuleFile, type SentenceFile } from './schema.js';
import { checkJsonPath, isNodeFilter } from './jsonpath.js';
import { checkRuleFileKeywords, checkRuleFileRenames, checkSentenceFileKeywords } from './keyword-names.js';
import { checkSpellings } from './spelling-checks.js';
import { decodeUtf8 } from '../utf8.js';
import { yamlOffset } from '../yaml-offset.js';

type PathSegment = string | number;

export interface LoadedRuleFile {
  readonly file: string;
  readonly data: RuleFile;
  /** The file as YAML gave it, before defaults: which keys a merging rule really sets. */
  readonly raw: unknown;
  /** `file:line:column` of a path in the file (the nearest existing node). */
  readonly where: (path: readonly PathSegment[], atKey?: boolean) => string;
}

/** Reads and checks a rule file from disk; throws DialectError('rule-file-invalid'). */
export function readRuleFile(path: string): LoadedRuleFile {
  return parseRuleFile(readText(path), path);
}

/** Checks rule-file text; `file` names it in diagnostics and is matched against the header. */
export function parseRuleFile(text: string, file: string): LoadedRuleFile {
  return parseChecked(text, file, RuleFileSchema, checkMeaning);
}

export interface LoadedSentenceFile {
  readonly file: string;
  readonly data: SentenceFile;
  readonly where: (path: readonly PathSegment[], atKey?: boolean) => string;
}

/** Reads and checks a sentence file (`sentences/<name>@<version>.yaml`); throws DialectError('rule-file-invalid'). */
export function readSentenceFile(path: string): LoadedSentenceFile {
  return parseSentenceFile(readText(path), path);
}

export function parseSentenceFile(text: string, file: string): LoadedSentenceFile {
  return parseChecked(text, file, SentenceFileSchema, (data, f, where, fail) => {
    checkFileName(`${data.sentences}@${data.version}`, f, () => where(['sentences']), fail);
    checkSentenceFileKeywords(data, where, fail);
  });
}

function readText(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const msg = `cannot read the rule file: ${(err as Error).message}`;
    throw new DialectError('rule-file-invalid', `${path}: ${msg}`, [diagnostic('rule-file-invalid', 'error', msg, `${path}:1:1`)]);
  }
  return decodeRuleFile(bytes, path);
}

/**
 * The file as text. Lenient decoding turns bytes that are not UTF-8 into U+FFFD without a word, and
 * the dialect would then write a sentence nobody wrote; such a file is refused at its first bad byte.
 */
function decodeRuleFile(bytes: Uint8Array, file: string): string {
  const read = decodeUtf8(bytes);
  if (read.ok) return read.text;
  const message = `${read.message}; a rule file is UTF-8 text`;
  throw refusal(file, [diagnostic('rule-file-invalid', 'error', message, `${file}:${read.line}:${read.column}`)]);
}

type Where = (path: readonly PathSegment[], atKey?: boolean) => string;
type Fail = (message: string, path: string) => void;

const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: true } as const;
const TO_JS_OPTIONS = { maxAliasCount: 100 } as const;

/** YAML with positions kept, checked by a zod schema and then by `meaning`; every problem at `file:line:column`. */
function parseChecked<S extends z.ZodType>(text: string, file: string, schema: S, meaning: (data: z.output<S>, file: string, where: Where, fail: Fail) => void): { file: string; data: z.output<S>; raw: unknown; where: Where } {
  let lineCounter: LineCounter | undefined;
  let parsedDoc: Document | undefined;
  const doc = (): Document => (parsedDoc ??= yamlLib().parseDocument(text, { lineCounter: (lineCounter = new (yamlLib().LineCounter)()), ...YAML_OPTIONS }));
  const at = (offset: number): string => {
    doc();
    const pos = (lineCounter as LineCounter).linePos(offset);
    return `${file}:${pos.line}:${pos.col}`;
  };
  const where = (path: readonly PathSegment[], atKey = false): string => at(yamlOffset(yamlLib(), doc(), path, atKey));
  const problems: Diagnostic[] = [];
  const fail = (message: string, path: string): void => {
    problems.push(diagnostic('rule-file-invalid', 'error', message, path));
  };

  // A stack overflow while the parser builds a collection comes under this code: no syntax error, so say what stopped it.
  const yamlMessage = (e: { code: string; message: string }): string =>
    e.code === 'RESOURCE_EXHAUSTION' ? 'nesting too deep to read (the YAML parser ran out of stack here)' : e.message.split('\n')[0]!;
  // The overflow can surface at more than one collection on its way out (which, and how many,
  // depends on the stack the caller left): the first says it; the rest are its echoes.
  let overflowSaid = false;
  for (const e of doc().errors) {
    if (e.code === 'RESOURCE_EXHAUSTION') {
      if (overflowSaid) continue;
      overflowSaid = true;
    }
    fail(`YAML: ${yamlMessage(e)}`, at(e.pos[0]));
  }
  if (problems.length === 0) {
    let raw: unknown;
    try {
      raw = doc().toJS(TO_JS_OPTIONS);
    } catch (error) {
      // yaml finds an alias to an anchor it never met, or aliases past maxAliasCount (an expansion
      // attack), only here, and throws without a position: the alias at fault is found for it.
      fail(`YAML: ${(error as Error).message}`, at(aliasAtFault(doc())));
      throw refusal(file, problems);
    }
    // A value that contains itself goes no further: the checks below would walk it forever.
    if (!checkJsonData(raw, [], [], where, fail)) throw refusal(file, problems);
    // An empty file (or comments only) is a file not yet written, said so rather than in the schema's words.
    if (raw === null || raw === undefined) {
      fail('the file is empty: a rule or sentence file is a YAML map of its fields (see docs/rule-format.md, or `dialects new NAME`)', `${file}:1:1`);
      throw refusal(file, problems);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reportIssue(issue, raw, where, fail);
    } else {
      meaning(parsed.data, file, where, fail);
      if (problems.length === 0) return { file, data: parsed.data, raw, where };
    }
  }
  throw refusal(file, problems);
}

function refusal(file: string, problems: Diagnostic[]): DialectError {
  return new DialectError('rule-file-invalid', `${file} is not a valid rule file:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`, problems);
}

/**
 * A rule file holds JSON data, which YAML can go beyond: its numbers include `.inf`, `-.inf` and
 * `.nan`, and an alias may name an anchor around it, which makes a value that contains itself.
 * A rule file's values are written into schemas (an any-value spell, a sentence's value), so each
 * is refused where it stands, whatever field holds it: the schema's own types do not reach
 * free-form values. False when a value contains itself: then nothing else may walk the file.
 */
function checkJsonData(value: unknown, path: PathSegment[], around: unknown[], where: Where, fail: Fail): boolean {
  const at = path.length > 0 ? ` at ${describePath(path)}` : '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(`bad value${at}: ${String(value)} is not a JSON number; a rule file holds JSON data only`, where(path));
    return true;
  }
  if (value === null || typeof value !== 'object') return true;
  if (around.includes(value)) {
    fail(`bad value${at}: an alias to an anchor around it makes a value that contains itself; a rule file holds JSON data only`, where(path));
    return false;
  }
  around.push(value);
  let acyclic = true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) acyclic = checkJsonData(value[i], [...path, i], around, where, fail) && acyclic;
  } else {
    for (const key of Object.keys(value)) acyclic = checkJsonData((value as Record<string, unknown>)[key], [...path, key], around, where, fail) && acyclic;
  }
  around.pop();
  return acyclic;
}

/** Offset of the first alias with no anchor before it, else of the first alias, else 0. */
function aliasAtFault(doc: Document): number {
  let first: number | undefined;
  let unresolved: number | undefined;
  yamlLib().visit(doc, {
    Alias(_, node) {
      const start = node.range?.[0] ?? 0;
      first ??= start;
      if (node.resolve(doc) === undefined) {
        unresolved = start;
        return yamlLib().visit.BREAK;
      }
      return undefined;
    },
  });
  return unresolved ?? first ?? 0;
}

function checkFileName(expected: string, file: string, at: () => string, fail: Fail): void {
  const base = basename(file).replace(/\.ya?ml$/, '');
  if (/\.ya?ml$/.test(file) && base !== expected) {
    fail(`the file name "${basename(file)}" does not match its header ${expected}; name it ${expected}.yaml`, at());
  }
}

function reportIssue(
  issue: z.core.$ZodIssue,
  raw: unknown,
  where: (path: readonly PathSegment[], atKey?: boolean) => string,
  fail: (message: string, path: string) => void,
): void {
  const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
  const label = describePath(path);
  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys) fail(`unknown key "${key}"${label ? ` in ${label}` : ' at the top level'}`, where([...path, key], true));
    return;
  }
  // An absent enum field (status) fails as an invalid value, an absent string as an invalid type: both are missing.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && path.length > 0 && !hasKey(raw, path)) {
    const field = path[path.length - 1];
    const parent = path.slice(0, -1);
    const parentLabel = describePath(parent);
    fail(`missing field "${String(field)}"${parentLabel ? ` in ${parentLabel}` : ' at the top level'}`, where(parent));
    return;
  }
  const shown = valueAt(raw, path);
  const value = shown === undefined || typeof shown === 'object' ? '' : ` (got ${JSON.stringify(shown)})`;
  fail(`bad value${label ? ` at ${label}` : ''}: ${issue.message}${value}`, where(path));
}

/** Whether the parsed YAML holds the key at `path` (null and other values count; only absence does not). */
function hasKey(raw: unknown, path: readonly PathSegment[]): boolean {
  const parent = valueAt(raw, path.slice(0, -1));
  const key = path[path.length - 1]!;
  return parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, key);
}

function checkMeaning(
  data: RuleFile,
  file: string,
  where: (path: readonly PathSegment[], atKey?: boolean) => string,
  fail: (message: string, path: string) => void,
): void {
  checkFileName(`${data.dialect}@${data.version}`, file, () => where(['dialect']), fail);
  checkRuleFileKeywords(data, where, fail);
  checkRuleFileRenames(data, where, fail);
  checkSpellings(data, where, fail);
  const seen = new Map<string, number>();
  data.rules.forEach((rule, i) => {
    if (!Object.prototype.hasOwnProperty.call(data.sources, rule.source)) {
      const known = Object.keys(data.sources);
      fail(`rule "${rule.id}" names source "${rule.source}", which is not in sources (${known.length ? known.join(', ') : 'none declared'})`, where(['rules', i, 'source']));
    }
    const first = seen.get(rule.id);
    if (first !== undefined) fail(`duplicate rule id "${rule.id}" (first used by rules[${first}])`, where(['rules', i, 'id']));
    else seen.set(rule.id, i);
    for (const [kw, cond] of Object.entries(rule.keepWhen ?? {})) {
      (cond.notMatching ?? []).forEach((re, j) => {
        if (!compiles(re)) fail(`"${re}" is not a valid regular expression`, where(['rules', i, 'keepWhen', kw, 'notMatching', j]));
      });
    }
    if (rule.propertyNames && !compiles(rule.propertyNames.pattern)) {
      fail(`"${rule.propertyNames.pattern}" is not a valid regular expression`, where(['rules', i, 'propertyNames', 'pattern']));
    }
    if (rule.toolNames && !compiles(rule.toolNames.pattern)) {
      fail(`"${rule.toolNames.pattern}" is not a valid regular expression`, where(['rules', i, 'toolNames', 'pattern']));
    }
    if (rule.given !== undefined) {
      const problem = checkJsonPath(rule.given);
      if (problem) fail(`given: ${problem}`, where(['rules', i, 'given']));
      else if (rule.givenNode === 'spelled' && !isNodeFilter(rule.given)) {
        fail('given on the spelled node must be one filter over every node, $..[?(...)] (without @path)', where(['rules', i, 'given']));
      }
    }
  });
}

function compiles(re: string): boolean {
  try {
    new RegExp(re, 'u');
    return true;
  } catch {
    return false;
  }
}

function describePath(path: readonly PathSegment[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

function valueAt(raw: unknown, path: readonly PathSegment[]): unknown {
  let node = raw;
  for (const p of path) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, p)) return undefined;
    node = (node as Record<PathSegment, unknown>)[p];
  }
  return node;
}

