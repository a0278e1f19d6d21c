/**
 * Every keyword a rule file or sentence file names (keep, drop, keepWhen, rename, notes, a
 * vocabulary's phrases) must be one a schema can hold: a JSON Schema keyword (2020-12, 2019-09,
 * draft-07, draft-04), an OpenAPI 3.0 schema field, an `x-` extension, a keyword the file's own
 * rules derive (`derive` writes it, so the vendor reads it), or one the file lists under
 * `extensionKeywords` (a vendor's own keyword, declared where the maintainer adds it: YAML, not
 * code). Anything else is a typo that would otherwise act on nothing: `drop: [fromat]` keeps
 * `format` in the spelling while the file says it is dropped. Refused at its file:line:column,
 * with the nearest known keyword when one is close.
 */
import type { RuleFile, SentenceFile } from './schema.js';
import { ANNOTATION_KEYWORDS } from '../convert/keywords.js';
import { KNOWN_KEYWORDS as KNOWN, nearestKeyword as nearest } from '../keyword-spelling.js';

type PathSegment = string | number;
type Where = (path: readonly PathSegment[], atKey?: boolean) => string;
type Fail = (message: string, path: string) => void;

/** The keywords of a rule file, each with where it stands. */
function* ruleFileKeywords(data: RuleFile): Generator<[string, PathSegment[], boolean]> {
  for (const [i, rule] of data.rules.entries()) {
    for (const key of ['keep', 'drop'] as const) for (const [j, k] of (rule[key] ?? []).entries()) yield [k, ['rules', i, key, j], false];
    for (const k of Object.keys(rule.keepWhen ?? {})) yield [k, ['rules', i, 'keepWhen', k], true];
    for (const [from, to] of Object.entries(rule.rename ?? {})) {
      yield [from, ['rules', i, 'rename', from], true];
      yield [to, ['rules', i, 'rename', from], false];
    }
  }
  yield* noteKeywords(data.notes);
}

function* noteKeywords(notes: RuleFile['notes']): Generator<[string, PathSegment[], boolean]> {
  for (const [i, note] of notes.entries()) {
    for (const [j, k] of (note.keywords ?? []).entries()) yield [k, ['notes', i, 'keywords', j], false];
    for (const k of Object.keys(note.when ?? {})) yield [k, ['notes', i, 'when', k], true];
  }
}

function* sentenceFileKeywords(data: SentenceFile): Generator<[string, PathSegment[], boolean]> {
  yield* noteKeywords(data.notes);
  for (const [i, phrase] of (data.vocabulary?.rules ?? []).entries()) {
    for (const [j, k] of phrase.keywords.entries()) yield [k, ['vocabulary', 'rules', i, 'keywords', j], false];
  }
}

/** Refuses each keyword of a rule file that no schema holds (see above). */
export function checkRuleFileKeywords(data: RuleFile, where: Where, fail: Fail): void {
  const own = new Set(data.extensionKeywords ?? []);
  for (const rule of data.rules) for (const k of Object.keys(rule.derive ?? {})) own.add(k);
  check(ruleFileKeywords(data), own, 'declare it under extensionKeywords if the vendor reads it', where, fail);
}

/**
 * Renames from one JSON Schema keyword into another that the vendor reads by its own meaning: only
 * where that meaning accepts the same values (another draft's spelling, or between annotations)
 * or more, and then with the rename noted, so the description says what the spelling lost.
 * `anyOf` into `oneOf`, or `minimum` into `maximum`, would change what the spelling accepts with
 * no diagnostic at any conversion.
 */
const SAME_MEANING: ReadonlySet<string> = new Set(['$defs>definitions', 'definitions>$defs', '$id>id', 'id>$id']);
const WIDER_MEANING: ReadonlySet<string> = new Set(['oneOf>anyOf', 'exclusiveMinimum>minimum', 'exclusiveMaximum>maximum']);

/** An annotation keyword, OpenAPI's `example` among them: renaming one changes no acceptance. */
const annotation = (k: string): boolean => ANNOTATION_KEYWORDS.has(k) || k === 'example';

export function checkRuleFileRenames(data: RuleFile, where: Where, fail: Fail): void {
  const own = new Set(data.extensionKeywords ?? []);
  const standard = (k: string): boolean => KNOWN.has(k) && !own.has(k) && !k.startsWith('x-');
  data.rules.forEach((rule, i) => {
    for (const [from, to] of Object.entries(rule.rename ?? {})) {
      if (from === to || !standard(from) || !standard(to) || SAME_MEANING.has(`${from}>${to}`)) continue;
      if (annotation(from) && annotation(to)) continue;
      if (WIDER_MEANING.has(`${from}>${to}`)) {
        if (rule.noteOnRename !== true && rule.merge !== true) fail(`rename ${from} to ${to} accepts more than ${from} does; set noteOnRename: true so the description keeps what ${from} said`, where(['rules', i, 'rename', from]));
        continue;
      }
      fail(
        `rename ${from} to ${to} changes what the spelling accepts (a reader applies ${to} by its own meaning); a rename may only respell a keyword as one that accepts the same values ($defs/definitions, $id/id, between annotations) or, noted, more (oneOf to anyOf, exclusiveMinimum to minimum, exclusiveMaximum to maximum); drop ${from} instead`,
        where(['rules', i, 'rename', from]),
      );
    }
  });
}

/** Refuses each keyword of a sentence file that no schema holds; a vendor's own keyword is worded in its rule file. */
export function checkSentenceFileKeywords(data: SentenceFile, where: Where, fail: Fail): void {
  check(sentenceFileKeywords(data), new Set(), "a vendor's own keyword is worded in its rule file's notes", where, fail);
}

function check(found: Iterable<[string, PathSegment[], boolean]>, own: ReadonlySet<string>, hint: string, where: Where, fail: Fail): void {
  for (const [k, path, atKey] of found) {
    if (KNOWN.has(k) || own.has(k) || k.startsWith('x-')) continue;
    const near = nearest(k);
    fail(`"${k}" is not a JSON Schema or OpenAPI keyword${near ? ` (did you mean "${near}"?)` : ''}; ${hint}`, where(path, atKey));
  }
}
