/**
 * A keyword entry of a version's own file that a later rule undoes acts on nothing (docs/rule-format.md,
 * "Extending a dialect"). For the keyword actions (keep, drop, keepWhen, rename) the last rule that
 * names a keyword decides it, and a merged or restated rule keeps the inherited rule's place, so an
 * entry added there loses to any inherited rule after it: the file says it acts, the output shows
 * nothing. Such an entry is refused at its file:line:column, like a misspelt keyword, with the way
 * to fix it.
 *
 * Refused only where the file does not show the order: the entry stands in a merged or restated
 * rule (at the inherited rule's place) and a rule it inherits, or a rule written above it in the
 * file, applies after it. A rule written below it in the same file that decides the keyword again
 * is the documented "the later rule wins", visible as written (a general keep list, then a
 * keepWhen for one of its keywords), and is not judged here.
 *
 * Only what is provably undone is refused. A keyword's policy is looked up in a table per place:
 * the root and the nodes below it (`scope`), and, for a rule with `given`, an overlay laid over
 * those tables at the nodes its path selects, whatever its position among the rules without one
 * (convert/plan.ts, convert/walk-given.ts). So a later rule undoes an entry only where it reaches
 * every place the entry does: the same `given` (the same path, matched against the same node), or
 * neither has one, and a scope that covers the entry's in each table. A later rule with another
 * `given` may select fewer nodes, and one with a `given` over an entry without one only overlays
 * some nodes: neither is judged. A later rule that decides the keyword the same way (drop after drop)
 * undoes nothing. What other actions do to a keyword (the root allowlist, objects that are never
 * closed) is not judged here: it applies wherever those rules stand, not by order.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { jsonEqual } from '../convert/data.js';
import type { Rule } from './schema.js';

type PathSegment = string | number;

/** Where a rule of the resolved list comes from: the file that last wrote it, and how. */
export interface RuleOrigin {
  /** name@version of the file whose rule this is (the last to restate or merge it). */
  readonly from: string;
  /** Its index in that file's rules. */
  readonly index: number;
  /** `new`: appended after the inherited rules; `replace`: restated in place; `merge`: merged in place. */
  readonly how: 'new' | 'replace' | 'merge';
}

/** The version whose own entries are judged: its id, the id it extends, its raw rules, and positions in its file. */
export interface OwnFile {
  readonly id: string;
  readonly extends: string | undefined;
  readonly rawRules: readonly unknown[];
  readonly where: (path: readonly PathSegment[], atKey?: boolean) => string;
}

const KEYWORD_ACTIONS = ['keep', 'drop', 'keepWhen', 'rename'] as const;
type KeywordAction = (typeof KEYWORD_ACTIONS)[number];
const TABLES = ['root', 'below-root'] as const;

/** The keyword action of a rule, if it has one. */
function actionOf(rule: Rule): KeywordAction | undefined {
  return KEYWORD_ACTIONS.find((a) => rule[a] !== undefined);
}

/** The keywords a rule decides. */
function keywordsOf(rule: Rule, action: KeywordAction): string[] {
  const value = rule[action];
  return Array.isArray(value) ? value : Object.keys(value ?? {});
}

/** Whether two rules decide a keyword alike (a drop after a drop undoes nothing). */
function decidesAlike(a: Rule, aAction: KeywordAction, b: Rule, bAction: KeywordAction, k: string): boolean {
  if (aAction !== bAction) return false;
  if (aAction === 'keepWhen') return jsonEqual(a.keepWhen?.[k], b.keepWhen?.[k]);
  if (aAction === 'rename') return a.rename?.[k] === b.rename?.[k] && (a.noteOnRename === true) === (b.noteOnRename === true);
  return true;
}

/** The overlay a rule belongs to: none (the base tables), or its `given` path as matched. */
function overlay(rule: Rule): string {
  return rule.given === undefined ? '' : `${rule.givenNode ?? 'authored'}:${rule.given}`;
}

function reaches(rule: Rule, table: (typeof TABLES)[number]): boolean {
  return rule.scope === undefined || rule.scope === 'all' || rule.scope === table;
}

/** What the later rule does to the keyword, in words. */
function verb(rule: Rule, action: KeywordAction, k: string): string {
  if (action === 'keep') return 'keeps it';
  if (action === 'drop') return 'drops it';
  if (action === 'keepWhen') return 'keeps it only where its own keepWhen condition holds';
  return `renames it to ${rule.rename?.[k]}`;
}

/** The entries the own file wrote for a rule: every keyword, or for a merge only those it added. */
function ownEntries(rule: Rule, action: KeywordAction, origin: RuleOrigin, own: OwnFile): { k: string; path: PathSegment[]; atKey: boolean }[] {
  const base: PathSegment[] = ['rules', origin.index, action];
  const raw = origin.how === 'merge' ? (own.rawRules[origin.index] as Record<string, unknown> | undefined)?.[action] : rule[action];
  if (Array.isArray(raw)) return raw.filter((k): k is string => typeof k === 'string').map((k, j) => ({ k, path: [...base, j], atKey: false }));
  if (raw !== null && typeof raw === 'object') return Object.keys(raw).map((k) => ({ k, path: [...base, k], atKey: true }));
  return [];
}

/**
 * One diagnostic for each keyword entry of the own file's rules that a later rule of the resolved
 * list undoes wherever the entry applies. `origins[i]` says where `rules[i]` comes from.
 */
export function shadowedEntries(rules: readonly Rule[], origins: readonly RuleOrigin[], own: OwnFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  // A rule the file appends applies after every inherited one, and after its own rules above it.
  if (!origins.some((o) => o.from === own.id && o.how !== 'new')) return found;
  rules.forEach((rule, i) => {
    const origin = origins[i];
    const action = actionOf(rule);
    if (!origin || origin.from !== own.id || !action) return;
    for (const entry of ownEntries(rule, action, origin, own)) {
      // The rule in force after this one, in each table this rule reaches; undone when every one differs.
      const winners: number[] = [];
      let undone = true;
      for (const table of TABLES) {
        if (!reaches(rule, table)) continue;
        let last = -1;
        for (let j = i + 1; j < rules.length; j++) {
          const later = rules[j] as Rule;
          const a = actionOf(later);
          if (a && overlay(later) === overlay(rule) && reaches(later, table) && keywordsOf(later, a).includes(entry.k)) last = j;
        }
        const lastRule = rules[last];
        const lastAction = lastRule && actionOf(lastRule);
        if (!lastRule || !lastAction || decidesAlike(lastRule, lastAction, rule, action, entry.k)) {
          undone = false;
          break;
        }
        if (!winners.includes(last)) winners.push(last);
      }
      // Undone by a rule written below it in this file alone: the order the file shows, accepted.
      const hidden = winners.some((j) => (origins[j] as RuleOrigin).from !== own.id || (origins[j] as RuleOrigin).index < origin.index);
      if (undone && hidden) found.push(report(rules, origins, own, i, action, entry.k, winners, own.where(entry.path, entry.atKey)));
    }
  });
  return found;
}

function report(rules: readonly Rule[], origins: readonly RuleOrigin[], own: OwnFile, i: number, action: KeywordAction, k: string, winners: number[], at: string): Diagnostic {
  const origin = origins[i] as RuleOrigin;
  const said = winners.map((j) => {
    const later = rules[j] as Rule;
    const o = origins[j] as RuleOrigin;
    const whence =
      o.from === own.id
        ? 'in this file'
        : `inherited from ${o.from}${own.extends !== undefined && own.extends !== o.from ? ` through ${own.extends}` : ''}`;
    return `rule \`${later.id}\` (${whence}, applied after this one) ${verb(later, actionOf(later) as KeywordAction, k)}`;
  });
  // A rule of this file appended after the inherited ones that undoes the entry: a new rule must come after it.
  const lastNew = [...winners].reverse().find((j) => (origins[j] as RuleOrigin).from === own.id && (origins[j] as RuleOrigin).how === 'new');
  const below = lastNew !== undefined ? `, below rule \`${(rules[lastNew] as Rule).id}\` in this file` : '';
  const moveThis =
    origin.how === 'merge'
      ? `Move ${k} to a rule of its own with a new id (no merge)${below}, which applies after the inherited rules`
      : origin.how === 'replace'
        ? `Give this rule a new id${below} to apply it after the inherited rules`
        : `Move this rule below rule \`${(rules[winners[winners.length - 1] as number] as Rule).id}\``;
  const fixThat = winners.map((j) => {
    const later = rules[j] as Rule;
    const o = origins[j] as RuleOrigin;
    const laterAction = actionOf(later) as KeywordAction;
    if (o.from !== own.id) return `restate rule \`${later.id}\` in this file without ${k} (same id, no merge: it replaces the inherited rule in place; a merge only adds)`;
    const written = o.how !== 'merge' || ownEntries(later, laterAction, o, own).some((e) => e.k === k);
    return written ? `remove ${k} from rule \`${later.id}\`` : `restate rule \`${later.id}\` without ${k} (no merge: a merge only adds)`;
  });
  const message = `${action}: ${k} has no effect: ${said.join('; ')}. ${moveThis}, or ${fixThat.join(' and ')}.`;
  return diagnostic('rule-file-invalid', 'error', message, at);
}
