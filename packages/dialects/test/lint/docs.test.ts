import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LINT_RULES, lintTools } from '../../src/index.js';

const page = readFileSync(new URL('../../../../docs/lint-rules.md', import.meta.url), 'utf8');

describe('docs/lint-rules.md', () => {
  it('has a section and a table row for every rule, and no other', () => {
    const headings = [...page.matchAll(/^## (\S+)$/gm)].map((m) => m[1]).filter((h) => h!.includes('.'));
    expect(headings.sort()).toEqual(LINT_RULES.map((r) => r.id).sort());
    for (const rule of LINT_RULES) expect(page).toContain(`| [\`${rule.id}\`]`);
  });

  it('gives each JSON example the outcome its label says', () => {
    const blocks = [...page.matchAll(/^(Accepted|Warned|Refused)[^\n]*\n\n```json\n([\s\S]*?)```/gm)];
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const [, label, body] of blocks) {
      let docs: unknown[];
      try {
        docs = [JSON.parse(body!)];
      } catch {
        docs = body!.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
      }
      for (const doc of docs) {
        const { diagnostics } = lintTools(doc);
        const errors = diagnostics.filter((d) => d.severity === 'error').length;
        const shown = `${label}: ${JSON.stringify(doc)} -> ${JSON.stringify(diagnostics)}`;
        if (label === 'Accepted') expect(diagnostics, shown).toEqual([]);
        else if (label === 'Warned') expect(errors === 0 && diagnostics.length > 0, shown).toBe(true);
        else expect(errors, shown).toBeGreaterThan(0);
      }
    }
  });
});
