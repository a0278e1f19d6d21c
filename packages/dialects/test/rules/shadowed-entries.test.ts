// A keyword entry that a merged (or restated) rule adds at the inherited rule's place, and that a
// later rule undoes, acts on nothing: the loader refuses it at the entry, as it refuses a misspelt
// keyword, and says how to fix it (rules/shadowed-entries.ts, docs/rule-format.md "Extending a dialect").
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledDialectsDir, convert, DialectError, loadDialects, openDialects } from '@redouble/dialects';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-shadowed-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const head = (name: string, version: string, extra = '') =>
  `dialect: ${name}\nversion: "${version}"\nstatus: draft\nsummary: ${name} ${version}\n${extra}sources:\n  spec:\n    url: https://example.com/${name}\n    title: ${name}\n    read: 2026-01-01\n`;

/** A base whose keep list comes before a drop list, as a vendor's supported / unsupported lists do. */
const BASE = `${head('base', '2026-01')}otherKeywords: drop
rules:
  - id: supported-keywords
    source: spec
    keep: [type, properties, required, items]
  - id: unsupported-keywords
    source: spec
    drop: [minLength, maxLength, pattern]
  - id: root-bounds
    source: spec
    scope: root
    drop: [minItems]
  - id: integer-bounds
    source: spec
    given: "$..[?(@.type === 'integer')]"
    drop: [minimum]
`;

/** `file:line:col message` of each diagnostic of the refusal, the file by its base name. */
function refused(dirs: string[], bundled = false): string[] {
  try {
    loadDialects({ dirs, bundled });
  } catch (err) {
    if (err instanceof DialectError) return err.diagnostics.map((x) => `${x.path.replace(/^.*[/\\]/, '')} ${x.message}`);
    throw err;
  }
  throw new Error('accepted');
}

const child = (rules: string, name = 'child', ext = 'base@2026-01') => ({ [`${name}@2026-02.yaml`]: `${head(name, '2026-02', `extends: ${ext}\n`)}rules:\n${rules}` });

/** A next openai_strict version, up to its rules: the reviewer's file and its variants. */
const NEXT_VERSION = `dialect: openai_strict
version: "2026-12-20"
status: draft
summary: openai_strict@2026-12-08, and OpenAI now reads minLength and maxLength.
extends: openai_strict@2026-12-08
sources:
  supported:
    url: https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
    title: Supported schemas
    read: 2026-12-07
rules:
`;

describe('an entry a later rule undoes', () => {
  it('refuses the reviewer\'s shadowed merge into a bundled dialect at each entry, naming the rule that undoes it and the fix', () => {
    const dir = folder({
      'openai_strict@2026-12-20.yaml': `${NEXT_VERSION}  - id: supported-keywords        # the inherited rule that lists what OpenAI keeps
    source: supported
    merge: true
    keep: [minLength, maxLength]
`,
    });
    const through = 'rule `unsupported-keywords` (inherited from openai_strict@2026-10 through openai_strict@2026-12-08, applied after this one) drops it.';
    expect(refused([dir], true)).toEqual([
      `openai_strict@2026-12-20.yaml:15:12 keep: minLength has no effect: ${through} Move minLength to a rule of its own with a new id (no merge), which applies after the inherited rules, or restate rule \`unsupported-keywords\` in this file without minLength (same id, no merge: it replaces the inherited rule in place; a merge only adds).`,
      `openai_strict@2026-12-20.yaml:15:23 keep: maxLength has no effect: ${through} Move maxLength to a rule of its own with a new id (no merge), which applies after the inherited rules, or restate rule \`unsupported-keywords\` in this file without maxLength (same id, no merge: it replaces the inherited rule in place; a merge only adds).`,
    ]);
  });

  it('accepts the same keywords in a rule with a new id, which applies after the inherited rules and keeps them', async () => {
    const dir = folder({
      'openai_strict@2026-12-20.yaml': `${NEXT_VERSION}  - id: string-bounds
    source: supported
    keep: [minLength, maxLength]
`,
    });
    const schema = { type: 'object', properties: { s: { type: 'string', minLength: 2, maxLength: 5 } }, required: ['s'], additionalProperties: false };
    for (const registry of [loadDialects({ dirs: [dir] }), await openDialects({ dirs: [dir] })]) {
      const out = convert(schema, registry.get('openai_strict@2026-12-20')).output as { properties: { s: Record<string, unknown> } };
      expect(out.properties.s).toMatchObject({ type: 'string', minLength: 2, maxLength: 5 });
      // The base still drops them: the new rule is what changed.
      const before = convert(schema, registry.get('openai_strict@2026-12-08')).output as { properties: { s: Record<string, unknown> } };
      expect(before.properties.s.minLength).toBeUndefined();
    }
  });

  it('accepts a merge that no later rule undoes, and it acts', () => {
    const dir = folder({ 'base@2026-01.yaml': BASE, ...child('  - id: supported-keywords\n    source: spec\n    merge: true\n    keep: [enum, anyOf]\n') });
    const d = loadDialects({ dirs: [dir], bundled: false }).get('child');
    expect(d.resolved.rules.map((r) => r.id)).toEqual(['supported-keywords', 'unsupported-keywords', 'root-bounds', 'integer-bounds']);
    expect(convert({ type: 'object', properties: { e: { type: 'string', enum: ['a'] } } }, d).output).toEqual({ type: 'object', properties: { e: { type: 'string', enum: ['a'] } } });
  });

  it('refuses a restated rule at its entry too, and a keepWhen key at the key', () => {
    const restated = folder({ 'base@2026-01.yaml': BASE, ...child('  - id: supported-keywords\n    source: spec\n    keep: [type, properties, pattern]\n') });
    expect(refused([restated])).toEqual([
      'child@2026-02.yaml:14:30 keep: pattern has no effect: rule `unsupported-keywords` (inherited from base@2026-01, applied after this one) drops it. Give this rule a new id to apply it after the inherited rules, or restate rule `unsupported-keywords` in this file without pattern (same id, no merge: it replaces the inherited rule in place; a merge only adds).',
    ]);
    const base = `${head('base', '2026-01')}rules:
  - id: bounds
    source: spec
    keepWhen:
      minimum: { min: 0 }
  - id: no-length
    source: spec
    rename: { exclusiveMaximum: maximum }
    noteOnRename: true
  - id: dropped
    source: spec
    drop: [maxLength]
`;
    const merged = folder({ 'base@2026-01.yaml': base, ...child('  - id: bounds\n    source: spec\n    merge: true\n    keepWhen:\n      maxLength: { max: 10 }\n') });
    expect(refused([merged])).toEqual([
      'child@2026-02.yaml:16:7 keepWhen: maxLength has no effect: rule `dropped` (inherited from base@2026-01, applied after this one) drops it. Move maxLength to a rule of its own with a new id (no merge), which applies after the inherited rules, or restate rule `dropped` in this file without maxLength (same id, no merge: it replaces the inherited rule in place; a merge only adds).',
    ]);
  });

  it('refuses an entry undone by a rule the file itself appends above it', () => {
    const dir = folder({ 'base@2026-01.yaml': BASE, ...child('  - id: no-enum\n    source: spec\n    drop: [enum]\n  - id: supported-keywords\n    source: spec\n    merge: true\n    keep: [enum]\n') });
    expect(refused([dir])).toEqual([
      'child@2026-02.yaml:18:12 keep: enum has no effect: rule `no-enum` (in this file, applied after this one) drops it. Move enum to a rule of its own with a new id (no merge), below rule `no-enum` in this file, which applies after the inherited rules, or remove enum from rule `no-enum`.',
    ]);
  });

  it('accepts what is not provably undone: a later rule of a narrower scope or another given, one deciding alike, one written below it', () => {
    const cases = [
      // root-bounds drops minItems at the root only; below it the kept minItems acts.
      '  - id: supported-keywords\n    source: spec\n    merge: true\n    keep: [minItems]\n',
      // integer-bounds drops minimum only on the nodes its path selects.
      '  - id: supported-keywords\n    source: spec\n    merge: true\n    keep: [minimum]\n',
      // unsupported-keywords drops pattern as this entry does: nothing is undone.
      '  - id: unsupported-keywords\n    source: spec\n    merge: true\n    drop: [const]\n  - id: root-bounds\n    source: spec\n    merge: true\n    drop: [pattern]\n',
      // Written below the merged rule in the same file: the order the file shows, the later rule wins.
      '  - id: supported-keywords\n    source: spec\n    merge: true\n    keep: [format]\n  - id: some-formats\n    source: spec\n    keepWhen:\n      format: { in: [date] }\n',
    ];
    for (const rules of cases) {
      expect(() => loadDialects({ dirs: [folder({ 'base@2026-01.yaml': BASE, ...child(rules) })], bundled: false }), rules).not.toThrow();
    }
  });

  it('refuses an entry undone by a later rule with the same given and a scope that covers it', () => {
    const dir = folder({
      'base@2026-01.yaml': `${head('base', '2026-01')}rules:
  - id: integer-keep
    source: spec
    scope: root
    given: "$..[?(@.type === 'integer')]"
    keep: [maximum]
  - id: integer-bounds
    source: spec
    given: "$..[?(@.type === 'integer')]"
    drop: [minimum]
`,
      ...child('  - id: integer-keep\n    source: spec\n    merge: true\n    keep: [minimum]\n'),
    });
    expect(refused([dir])[0]).toMatch(/^child@2026-02\.yaml:15:12 keep: minimum has no effect: rule `integer-bounds` \(inherited from base@2026-01, applied after this one\) drops it\./);
  });

  it('loads every bundled rule file with no such finding', async () => {
    const registry = loadDialects();
    const files = readdirSync(bundledDialectsDir()).filter((f) => /@.*\.yaml$/.test(f));
    expect(registry.list().map((d) => `${d.id}.yaml`).sort()).toEqual(files.sort());
    // Each bundled file read as a caller's folder too (so read from its YAML, never from a build's catalog).
    expect(() => loadDialects({ dirs: [bundledDialectsDir()], bundled: false })).not.toThrow();
    expect((await openDialects()).list()).toHaveLength(files.length);
  });
});
