/**
 * `merge: true` (docs/rule-format.md, "Extending a dialect"): an extending file changes part of an
 * inherited rule instead of restating it. The merged rule keeps the inherited rule's place and is
 * checked again whole, so a merge can never produce a rule the format refuses.
 */
import { DialectError, diagnostic } from '../diagnostics.js';
import { ACTIONS, RuleSchema, type Rule } from './schema.js';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Lists (keep, drop) gain the merging rule's entries; objects (references, objects, limits,
 * keepWhen, rename, ...) take its keys one by one; any other value is replaced. Only the keys the
 * file really wrote count (`raw`), never a default the schema filled in.
 */
export function mergeRule(inherited: Rule, rule: Rule, raw: unknown, at: string): Rule {
  const fail = (message: string): never => {
    throw new DialectError('rule-file-invalid', message, [diagnostic('rule-file-invalid', 'error', message, at)]);
  };
  const written = isRecord(raw) ? raw : {};
  const action = ACTIONS.find((a) => written[a] !== undefined);
  const inheritedAction = ACTIONS.find((a) => inherited[a] !== undefined);
  if (action !== inheritedAction) fail(`rule "${rule.id}" merges a ${action} action into an inherited ${inheritedAction} rule; restate it without merge to change its action`);
  const merged: Raw = { ...(inherited as Raw) };
  for (const [k, v] of Object.entries(written)) {
    if (k === 'merge' || k === action) continue;
    merged[k] = (rule as Raw)[k] ?? v;
  }
  const before = (inherited as Raw)[action as string];
  const parsed = (rule as Raw)[action as string];
  const given = written[action as string];
  if (Array.isArray(before) && Array.isArray(parsed)) merged[action as string] = [...before, ...parsed.filter((x) => !before.includes(x))];
  else if (isRecord(before) && isRecord(parsed) && isRecord(given)) {
    const out: Raw = { ...before };
    for (const k of Object.keys(given)) out[k] = parsed[k];
    merged[action as string] = out;
  } else merged[action as string] = parsed;
  const checked = RuleSchema.safeParse(merged);
  if (!checked.success) fail(`rule "${rule.id}" merged into the inherited rule is not a valid rule: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return checked.data as Rule;
}
