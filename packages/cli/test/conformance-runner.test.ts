/** The runner's own refusals: each would otherwise let a broken case or a frozen change through. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCaseFolder } from '../src/conformance/case-folder.js';
import { decidePin, pinnedText } from '../src/conformance/pin.js';
import { CaseRun, type CaseSet, type SuiteOptions } from '../src/conformance/run-suite.js';
import { loadDialects, type Dialect } from '@redouble/dialects';

const known = new Set(['flat@2026-09', 'openai_strict@2024-08']);
let root: string;

function makeCase(files: Record<string, string | Uint8Array>): string {
  root = mkdtempSync(join(tmpdir(), 'conformance-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, 'c', path, '..'), { recursive: true });
    writeFileSync(join(root, 'c', path), text);
  }
  return root;
}

afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('case folders', () => {
  const schema = '{"type": "object"}\n';
  it('accepts a complete case', () => {
    const f = readCaseFolder(makeCase({ 'input.json': schema, 'case.yaml': 'description: An object.\n', 'expected/flat@2026-09.json': '{}' }), 'c', known);
    expect(f.problems).toEqual([]);
    expect([...f.pinned.keys()]).toEqual(['flat@2026-09']);
    expect(f.meta?.description).toBe('An object.');
  });
  it('refuses a missing input', () => {
    const f = readCaseFolder(makeCase({ 'case.yaml': 'description: x\n' }), 'c', known);
    expect(f.problems).toEqual([expect.stringMatching(/input\.json: missing/)]);
  });
  it('refuses a case without case.yaml', () => {
    const f = readCaseFolder(makeCase({ 'input.json': schema }), 'c', known);
    expect(f.problems).toEqual([expect.stringMatching(/case\.yaml: missing/)]);
  });
  it('refuses a pinned file for a dialect version no rule file defines', () => {
    const f = readCaseFolder(makeCase({ 'input.json': schema, 'case.yaml': 'description: x\n', 'expected/flat@1999-01.json': '{}' }), 'c', known);
    expect(f.problems).toEqual([expect.stringMatching(/flat@1999-01\.json: pinned for flat@1999-01, which no loaded rule file defines/)]);
  });
  it('refuses malformed metadata: two-line description, unknown key, bad sentence', () => {
    const f = readCaseFolder(makeCase({
      'input.json': schema,
      'case.yaml': 'description: "a\\nb"\n',
    }), 'c', known);
    expect(f.problems).toEqual([expect.stringMatching(/description must be one non-empty line/)]);
    rmSync(root, { recursive: true, force: true });
    const g = readCaseFolder(makeCase({ 'input.json': schema, 'case.yaml': 'description: x\nexpect: 1\nsentences: [{text: y}]\n' }), 'c', known);
    expect(g.problems).toEqual([expect.stringMatching(/unknown key "expect"/), expect.stringMatching(/sentences\[0\] needs text/)]);
    // Each at its line and column, as a rule file's problems are.
    expect(g.problems.map((p) => /case\.yaml:(\d+:\d+): /.exec(p)?.[1])).toEqual(['2:1', '3:13']);
    rmSync(root, { recursive: true, force: true });
    const h = readCaseFolder(makeCase({ 'input.json': schema, 'case.yaml': 'descripton: x\n' }), 'c', known);
    expect(h.problems).toEqual([expect.stringMatching(/case\.yaml:1:1: unknown key "descripton"/), expect.stringMatching(/case\.yaml:1:1: missing description/)]);
  });
  it('refuses invalid JSON input and stray files', () => {
    const f = readCaseFolder(makeCase({ 'input.json': '{\n  "type": "object",\n  x\n}', 'case.yaml': 'description: x\n', 'notes.txt': '' }), 'c', known);
    // Where it broke, as convert says it: file:line:column.
    expect(f.problems).toEqual([expect.stringMatching(/input\.json:3:3: not valid JSON/), expect.stringMatching(/notes\.txt: unexpected file/)]);
  });
  it('refuses an input.json and a case.yaml that are not UTF-8 at their first bad byte, instead of reading U+FFFD', () => {
    const f = readCaseFolder(makeCase({
      'input.json': Buffer.from('{"type": "object",\n "title": "a\xc0\xafb"}', 'latin1'),
      'case.yaml': Buffer.from('description: bad \xff byte\n', 'latin1'),
    }), 'c', known);
    expect(f.problems).toEqual([
      `${join(root, 'c', 'input.json')}:2:13: not UTF-8: the byte 0xC0 at byte offset 31 is never part of UTF-8 text; a case file is UTF-8 text`,
      `${join(root, 'c', 'case.yaml')}:1:18: not UTF-8: the byte 0xFF at byte offset 17 is never part of UTF-8 text; a case file is UTF-8 text`,
    ]);
    expect(f.input).toBeUndefined();
    expect(f.meta).toBeUndefined();
  });
});

describe('pinning', () => {
  const a = pinnedText({ type: 'object' }, []);
  const b = pinnedText({ type: 'object', title: 'T' }, []);
  const base = { path: 'x.json', id: 'flat@2026-09' };
  it('spells a pin as 2-space JSON with a trailing newline and null for no output', () => {
    expect(a).toBe('{\n  "output": {\n    "type": "object"\n  },\n  "diagnostics": []\n}\n');
    expect(JSON.parse(pinnedText(undefined, []))).toEqual({ output: null, diagnostics: [] });
  });
  it('compares without writing when the flag is off', () => {
    expect(decidePin({ ...base, current: a, actual: a, frozen: true, update: false })).toEqual({ action: 'same' });
    expect(decidePin({ ...base, current: a, actual: b, frozen: false, update: false }).action).toBe('fail');
    expect(decidePin({ ...base, current: undefined, actual: b, frozen: false, update: false }).action).toBe('fail');
  });
  it('re-pins a draft version and pins a new case of a frozen one', () => {
    expect(decidePin({ ...base, current: a, actual: b, frozen: false, update: true })).toEqual({ action: 'write' });
    expect(decidePin({ ...base, current: undefined, actual: b, frozen: true, update: true })).toEqual({ action: 'write' });
  });
  it('never rewrites a frozen version\'s existing pin, and says to add a version', () => {
    const d = decidePin({ ...base, current: a, actual: b, frozen: true, update: true });
    expect(d.action).toBe('fail');
    expect(d.action === 'fail' && d.message).toMatch(/frozen.*add a new version of the rule file/);
  });
  it('re-pins a frozen version\'s diagnostics where its output stays byte for byte (an engine fix to what the author reads)', () => {
    const moved = pinnedText({ type: 'object' }, [{ code: 'c', severity: 'warning', message: 'm', path: '/properties' }]);
    expect(decidePin({ ...base, current: a, actual: moved, frozen: true, update: true })).toEqual({ action: 'write' });
    // Without --update it still fails, so the change is seen.
    expect(decidePin({ ...base, current: a, actual: moved, frozen: true, update: false }).action).toBe('fail');
    // A hand-edited pin that is not JSON is no same output.
    expect(decidePin({ ...base, current: '{', actual: moved, frozen: true, update: true }).action).toBe('fail');
  });
});

describe('known refusals of frozen versions (case.yaml knownRefusals)', () => {
  const registry = loadDialects();
  const frozen = registry.get('openai_strict@2024-08');
  const draft = registry.get('gemini');
  const input = '{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}\n';
  const listed = (dialect: string) => `description: x\nknownRefusals:\n  - dialect: ${dialect}\n    checker: some-checker\n    why: Frozen before the fix.\n`;
  // The checker is the runner's input: one that refuses every schema, one that accepts all.
  const refusing = () => ['some-checker #: refused'];
  const accepting = () => [];
  const outcome = (caseYaml: string, dialect: Dialect, outputChecks: SuiteOptions['outputChecks']) => {
    const dir = makeCase({ 'input.json': input, 'case.yaml': caseYaml });
    const set: CaseSet = { label: 't', dir, pinDir: (name) => join(dir, name), sentences: false };
    return new CaseRun(set, 'c', { registry, dialects: [dialect], caseSets: [set], update: true, outputChecks }).checkPin(dialect).problems;
  };

  it('expects the listed refusal of a frozen version, and refuses any other', () => {
    expect(outcome(listed(frozen.id), frozen, refusing)).toEqual([]);
    expect(outcome('description: x\n', frozen, refusing)).toEqual([` refused by a checker of ${frozen.id}: some-checker #: refused`]);
  });

  it('fails when the listed refusal no longer happens, or is listed for a version that is not frozen', () => {
    expect(outcome(listed(frozen.id), frozen, accepting)).toEqual([`case.yaml lists a known refusal by some-checker for ${frozen.id}, but the checker accepts the output now: take it out`]);
    expect(outcome(listed(draft.id), draft, refusing)).toEqual([
      ` refused by a checker of ${draft.id}: some-checker #: refused`,
      `case.yaml lists a known refusal by some-checker for ${draft.id}, which is not frozen: fix the draft instead`,
    ]);
  });

  it('refuses a malformed entry', () => {
    const f = readCaseFolder(makeCase({ 'input.json': input, 'case.yaml': 'description: x\nknownRefusals:\n  - dialect: flat\n    checker: c\n    why: y\n' }), 'c', known);
    expect(f.problems).toEqual([expect.stringMatching(/knownRefusals\[0\] needs dialect \(name@version\), checker and why/)]);
  });
});
