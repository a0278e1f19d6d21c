/**
 * What a rule file writes into schemas itself must be a schema its reader can follow: the
 * references a kept definition is written with (`refPrefix`) lead into the definitions keyword the
 * output holds them under, and the any-value `spell` is a valid JSON Schema whose references lead
 * only to its own definition (`defineAs`). Otherwise every output of the dialect would carry a
 * dangling reference or an invalid schema, and no conversion could say why. Refused at the file's
 * line, like any other meaning check (load.ts).
 */
import { checkSchemaDocument } from '../lint/meta-check.js';
import { escapeToken, parsePointer } from '../json-pointer.js';
import { isPlainObject } from '../convert/data.js';
import type { RuleFile } from './schema.js';

type PathSegment = string | number;
type Where = (path: readonly PathSegment[], atKey?: boolean) => string;
type Fail = (message: string, path: string) => void;

export function checkSpellings(data: RuleFile, where: Where, fail: Fail): void {
  // A merging rule states only what it changes, so it is not checked alone; definitions are written only under mode keep.
  const refsAt = data.rules.findIndex((r) => r.references !== undefined && r.merge !== true);
  const refs = refsAt >= 0 ? data.rules[refsAt]!.references : undefined;
  if (refs !== undefined && refs.mode === 'keep') {
    const expected = `#/${escapeToken(refs.definitionsKeyword)}/`;
    if (refs.refPrefix !== expected) {
      fail(
        `references: refPrefix ${JSON.stringify(refs.refPrefix)} does not lead into definitionsKeyword ${JSON.stringify(refs.definitionsKeyword)}; ` +
          `every kept definition would be referenced where it is not written. Write refPrefix: ${JSON.stringify(expected)}`,
        // At refPrefix where the file writes it, else at the references map (the lookup falls back to what exists).
        where(['rules', refsAt, 'references', 'refPrefix']),
      );
    }
  }
  data.rules.forEach((rule, i) => {
    const spell = rule.anyValue?.spell;
    if (spell === undefined || rule.merge === true) return;
    const at = (pointer: string) => where(['rules', i, 'anyValue', 'spell', ...(parsePointer(pointer) ?? []).map((t) => (/^(0|[1-9][0-9]*)$/.test(t) ? Number(t) : t))]);
    for (const p of checkSchemaDocument(spell, '', true)) fail(`anyValue.spell is not a valid schema: ${p.message}`, at(p.path));
    const refKeyword = refs?.refKeyword ?? '$ref';
    const own = rule.anyValue?.defineAs !== undefined && refs !== undefined ? `${refs.refPrefix}${rule.anyValue.defineAs}` : undefined;
    for (const [ref, pointer] of references(spell, refKeyword, '')) {
      if (ref === own) continue;
      fail(
        `anyValue.spell references ${JSON.stringify(ref)}, which no output holds: the spell may reference only its own definition` +
          (rule.anyValue?.defineAs !== undefined ? ` (${JSON.stringify(own ?? `${rule.anyValue.defineAs} under the file's references rule`)})` : ', named by defineAs'),
        at(pointer),
      );
    }
  });
}

/** Every reference written in the spell (under the dialect's own reference keyword), with its pointer. */
function* references(value: unknown, keyword: string, pointer: string): Generator<[unknown, string]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* references(value[i], keyword, `${pointer}/${i}`);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const k in value) {
    if (k === keyword) yield [value[k], `${pointer}/${escapeToken(k)}`];
    else yield* references(value[k], keyword, `${pointer}/${escapeToken(k)}`);
  }
}
