/**
 * The parts of a loaded rule file the reference pages read (docs/rule-format.md), and what a
 * dialect does with one keyword, worked out from its rules alone: no dialect is named here.
 */
export interface SourceView {
  url: string;
  title: string;
  read: string;
}

export interface NoteView {
  keywords?: readonly string[];
  event?: string;
  when?: Readonly<Record<string, unknown>>;
  text: string;
  /** The sentence in words, tried before `text`. */
  words?: string;
}

export interface RuleView {
  id: string;
  source: string;
  description?: string;
  scope?: 'all' | 'root' | 'below-root';
  given?: string;
  [action: string]: unknown;
}

export interface RuleFileView {
  dialect: string;
  version: string;
  status: string;
  summary: string;
  extends?: string | null;
  sources: Readonly<Record<string, SourceView>>;
  otherKeywords: 'keep' | 'drop';
  notes: readonly NoteView[];
  rules: readonly RuleView[];
}

import { code } from './markdown.js';

/** Keys of a rule that are not its action. */
const RULE_META = new Set(['id', 'source', 'description', 'scope', 'given', 'givenNode', 'merge', 'noteOnRename']);

/** Dropping these is never a loss (docs/rule-format.md), so they need no sentence. */
export const NOT_RULES = new Set([
  '$schema', '$id', '$anchor', '$dynamicAnchor', '$comment', '$vocabulary',
  'title', 'examples', 'deprecated', 'readOnly', 'writeOnly',
]);

export function actionOf(rule: RuleView): string {
  return Object.keys(rule).find((k) => !RULE_META.has(k)) ?? '(none)';
}

export function ruleByAction(file: RuleFileView, action: string): RuleView[] {
  return file.rules.filter((r) => actionOf(r) === action);
}

/** "at the root", "below the root", "where $.x" or "" for a rule that applies everywhere. */
export function qualifier(rule: RuleView): string {
  const parts: string[] = [];
  if (rule.scope === 'root') parts.push('at the root');
  if (rule.scope === 'below-root') parts.push('below the root');
  if (typeof rule.given === 'string') parts.push(`where ${rule.given}`);
  return parts.join(', ');
}

export function conditionText(condition: unknown): string {
  if (condition === null || typeof condition !== 'object') return JSON.stringify(condition);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(condition)) {
    if (k === 'max') parts.push(`at most ${String(v)}`);
    else if (k === 'min') parts.push(`at least ${String(v)}`);
    else if (k === 'in' && Array.isArray(v)) parts.push(`one of ${v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ')}`);
    else if (k === 'notMatching' && Array.isArray(v)) parts.push(`not using ${v.map((x) => code(String(x))).join(' or ')}`);
    else if (k === 'valuesOfType' && Array.isArray(v)) parts.push(`values of type ${v.map(String).join(' or ')}`);
    else if (k === 'nonEmpty' && v === true) parts.push('not empty');
    else if (k === 'nodeTypes' && Array.isArray(v)) parts.push(`on a node of type ${v.map(String).join(' or ')}`);
    else parts.push(`${k} ${JSON.stringify(v)}`);
  }
  return parts.join(' and ');
}

/** Notes that can carry a dropped keyword. */
export function notesFor(file: RuleFileView, keyword: string): NoteView[] {
  return file.notes.filter((n) => n.keywords?.includes(keyword) === true);
}

export type Outcome = 'kept' | 'kept-when' | 'dropped' | 'renamed' | 'merged';

export interface Treatment {
  outcome: Outcome;
  /** kept-when: the condition; renamed: the new spelling. */
  detail?: string;
  rule?: RuleView;
  /** The dropped (or conditionally dropped) keyword has at least one sentence. */
  noted: boolean;
}

/** Every rule that says something about `keyword`, in file order; the default when none does. */
export function treatmentsOf(file: RuleFileView, keyword: string): Treatment[] {
  const noted = notesFor(file, keyword).length > 0;
  const out: Treatment[] = [];
  for (const rule of file.rules) {
    const action = actionOf(rule);
    const value = rule[action];
    if (action === 'keep' && Array.isArray(value) && value.includes(keyword)) out.push({ outcome: 'kept', rule, noted });
    else if (action === 'drop' && Array.isArray(value) && value.includes(keyword)) out.push({ outcome: 'dropped', rule, noted });
    else if (action === 'keepWhen' && isRecord(value) && keyword in value) {
      out.push({ outcome: 'kept-when', detail: conditionText(value[keyword]), rule, noted });
    } else if (action === 'rename' && isRecord(value) && typeof value[keyword] === 'string') {
      out.push({ outcome: 'renamed', detail: value[keyword], rule, noted: noted && rule.noteOnRename === true });
    } else if (action === 'allOf' && keyword === 'allOf' && (value === 'merge' || value === 'merge-deep')) {
      out.push({ outcome: 'merged', rule, noted });
    } else if (action === 'constAsEnum' && keyword === 'const' && value === true) {
      out.push({ outcome: 'renamed', detail: 'enum', rule, noted: false });
    }
  }
  if (out.length === 0) out.push({ outcome: file.otherKeywords === 'keep' ? 'kept' : 'dropped', noted });
  return out;
}

/** A short phrase for one treatment, for a matrix cell or a list item. */
export function treatmentText(t: Treatment, keyword: string): string {
  const q = t.rule ? qualifier(t.rule) : '';
  const lossless = NOT_RULES.has(keyword);
  let s: string;
  switch (t.outcome) {
    case 'kept':
      s = 'kept';
      break;
    case 'kept-when':
      s = `kept when ${t.detail ?? ''}, else dropped${lossless ? '' : t.noted ? ' with a sentence' : ' (reported)'}`;
      break;
    case 'renamed':
      s = `spelled ${t.detail ?? ''}${t.noted ? ' with a sentence' : ''}`;
      break;
    case 'merged':
      s = `merged into the parent${t.noted ? '; dropped with a sentence where branches conflict' : ''}`;
      break;
    case 'dropped':
      s = lossless ? 'dropped' : t.noted ? 'dropped with a sentence' : 'dropped (reported)';
      break;
  }
  return q ? `${s} (${q})` : s;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
