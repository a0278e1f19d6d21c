/**
 * Every keyword a schema can hold, and the nearest one to a misspelling: one list for the rule-file
 * loader (a keyword a rule file names) and lint (json-schema.tool-schema.keyword-misspelt, a
 * keyword a tool schema holds).
 */
import { ANNOTATION_KEYWORDS, KEYWORD_KIND, RULE_KEYWORDS, SILENT_KEYWORDS } from './convert/keywords.js';

/**
 * Every keyword a schema can hold: the ones the walk already knows (convert/keywords.ts, one list of
 * 2020-12 and draft-07 keywords), and the spellings only a reader of other drafts or OpenAPI uses.
 */
const SCHEMA_KEYWORDS: readonly string[] = [
  ...new Set([
    ...KEYWORD_KIND.keys(),
    ...RULE_KEYWORDS,
    ...SILENT_KEYWORDS,
    ...ANNOTATION_KEYWORDS,
    // 2019-09 and draft-04 spellings
    '$recursiveRef', '$recursiveAnchor', 'id',
    // OpenAPI 3.0 schema object fields
    'nullable', 'discriminator', 'xml', 'externalDocs', 'example',
  ]),
];
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set(SCHEMA_KEYWORDS);

/** The known keyword within two edits of `k`, if one is. */
export function nearestKeyword(k: string): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of SCHEMA_KEYWORDS) {
    const d = distance(k.toLowerCase(), known.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

/** Edits between two keyword names, case aside. */
export const keywordDistance = (a: string, b: string): number => distance(a.toLowerCase(), b.toLowerCase());

/** Edit distance with transpositions (optimal string alignment), for short keyword names. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
