import { code, table } from './markdown.js';
import { GENERATED_MARK, type VersionEntry } from './render-dialect.js';
import { isRecord, ruleByAction, treatmentsOf, treatmentText, type RuleFileView } from './rule-view.js';
import { MATRIX_KEYWORDS } from './vocabulary.js';

type Feature = { label: string; cell: (f: RuleFileView) => string };

/** The last rule of an action wins (file order within a pass); undefined when the file has none. */
function last(f: RuleFileView, action: string): unknown {
  const rules = ruleByAction(f, action);
  return rules.length > 0 ? rules[rules.length - 1]![action] : undefined;
}

function field(f: RuleFileView, action: string, key: string): unknown {
  const v = last(f, action);
  return isRecord(v) ? v[key] : undefined;
}

const AS_AUTHORED = 'as authored';

const FEATURES: Feature[] = [
  { label: 'references', cell: (f) => {
    const mode = field(f, 'references', 'mode');
    if (mode === 'inline') return 'inlined';
    if (mode === 'keep') return `kept (${code(String(field(f, 'references', 'refKeyword') ?? '$ref'))})`;
    return AS_AUTHORED;
  } },
  { label: 'recursion', cell: (f) => {
    const c = field(f, 'references', 'cycles');
    return c === 'break' ? 'broken, with a sentence' : c === 'keep' ? 'kept' : AS_AUTHORED;
  } },
  { label: 'boolean subschemas', cell: (f) => (last(f, 'booleanSchemas') === 'as-objects' ? 'as objects' : AS_AUTHORED) },
  { label: 'closed objects', cell: (f) => ({ all: 'every object closed', never: 'never closed, with a sentence', 'as-authored': AS_AUTHORED }[String(field(f, 'objects', 'closed'))] ?? AS_AUTHORED) },
  { label: 'optional properties', cell: (f) => (field(f, 'objects', 'optional') === 'required-nullable' ? 'required + nullable' : 'optional') },
  { label: 'maps', cell: (f) => (field(f, 'objects', 'maps') === 'close-and-report' ? 'closed, reported' : AS_AUTHORED) },
  { label: 'null spelling', cell: (f) => ({ 'type-array': 'type array', 'any-of': 'anyOf', 'nullable-flag': '`nullable: true`' }[String(last(f, 'nulls'))] ?? AS_AUTHORED) },
  { label: 'schemas with no type', cell: (f) => {
    const a = last(f, 'anyValue');
    return isRecord(a) ? `implied type, else ${code(JSON.stringify(a.spell ?? {}))}` : AS_AUTHORED;
  } },
  { label: 'type arrays', cell: (f) => (last(f, 'typeArrays') === 'any-of' ? 'as anyOf' : AS_AUTHORED) },
  { label: 'allOf', cell: (f) => keywordCell(f, 'allOf') },
  { label: 'const', cell: (f) => keywordCell(f, 'const') },
  { label: 'root', cell: (f) => {
    const r = last(f, 'root');
    if (!isRecord(r)) return 'any schema';
    const parts: string[] = [];
    if (typeof r.type === 'string') parts.push(r.type);
    if (Array.isArray(r.keywords)) parts.push(`only ${r.keywords.map((k) => code(String(k))).join(', ')}`);
    if (r.unions === 'forbid') parts.push('no union');
    if (r.unions === 'merge-objects') parts.push('object unions merged');
    return parts.join('; ');
  } },
  { label: 'property names', cell: (f) => {
    const p = field(f, 'propertyNames', 'pattern');
    return typeof p === 'string' ? code(p) : 'any';
  } },
  { label: 'size limits', cell: (f) => {
    const l = last(f, 'limits');
    const parts = isRecord(l) ? Object.entries(l).map(([k, v]) => `${k} ${isRecord(v) ? Object.values(v).join('/') : String(v)}`) : [];
    return parts.length > 0 ? parts.join(', ') : 'none';
  } },
];

function keywordCell(f: RuleFileView, keyword: string): string {
  return treatmentsOf(f, keyword).map((t) => treatmentText(t, keyword)).join('; ');
}

/** Dialect (one column per loaded version) against feature (one row each). */
export function renderMatrix(entries: readonly VersionEntry[]): string {
  const cols = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows: string[][] = [];
  for (const feat of FEATURES) rows.push([feat.label, ...cols.map((c) => feat.cell(c.rules))]);
  for (const k of MATRIX_KEYWORDS) rows.push([code(k), ...cols.map((c) => keywordCell(c.rules, k))]);
  return [
    GENERATED_MARK,
    '',
    '# Dialects against features',
    '',
    'One column per loaded dialect version, one row per feature. "As authored" means the dialect leaves the canonical spelling alone; "with a sentence" means the dropped rule is written into the property\'s description; "reported" means it becomes a diagnostic. Each dialect\'s page gives the exact sentences and sources.',
    '',
    `Pages: ${[...new Set(cols.map((c) => c.rules.dialect))].map((n) => `[${n}](${n}.md)`).join(', ')}.`,
    '',
    table(['feature', ...cols.map((c) => code(c.id))], rows),
  ].join('\n').trimEnd() + '\n';
}
