import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { conformanceInput, corpusTool, repoRoot, runCli } from './run-cli.js';
import { USER_DIALECT, folderWith, removeTempDirs, tempDir } from './user-dialect.js';

afterAll(removeTempDirs);

const registry = loadDialects();

describe('dialects convert', () => {
  it('writes the canonical dialect as the input itself (identity), JSON on stdout', async () => {
    const file = corpusTool('github-mcp-server', 'list_issues');
    const r = await runCli(['convert', '--dialect', 'canonical', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('inlines a real recursive tool for flat: no reference left, the name kept', async () => {
    const file = corpusTool('livemcpbench.mcp-server-chart', 'generate_mind_map');
    const r = await runCli(['convert', '--dialect', 'flat', file]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { name: string; inputSchema: unknown };
    expect(out.name).toBe('generate_mind_map');
    expect(JSON.stringify(out.inputSchema)).not.toMatch(/"\$ref"|"\$defs"|"definitions"/);
  });

  it('reads YAML from stdin, with - or with no file', async () => {
    const yaml = 'type: object\nproperties:\n  when:\n    type: string\n    format: date\nrequired: [when]\n';
    const expected = { type: 'object', properties: { when: { type: 'string', format: 'date' } }, required: ['when'] };
    for (const argv of [['convert', '--dialect', 'canonical', '-'], ['convert', '--dialect=canonical']]) {
      const r = await runCli(argv, { stdin: yaml });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(expected);
    }
  });

  it('refuses an unknown dialect with exit 2, listing every accepted name', async () => {
    const r = await runCli(['convert', '--dialect', 'no_such_dialect', conformanceInput('sentence-format-date')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("'no_such_dialect'");
    for (const name of registry.names()) expect(r.stderr).toContain(name);
  });

  it('refuses a missing --dialect and an unknown option with exit 2', async () => {
    const missing = await runCli(['convert', conformanceInput('sentence-format-date')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--dialect is required; accepted: .*canonical/);
    const empty = await runCli(['convert', '--dialect', '', conformanceInput('sentence-format-date')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--dialect is empty: give a dialect name; accepted: .*canonical/);
    const typo = await runCli(['convert', '--dialet', 'flat', conformanceInput('sentence-format-date')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--dialet');
  });

  it("words a usage fault in the CLI's own terms, as lint does, not in node:util's", async () => {
    const input = conformanceInput('sentence-format-date');
    const cases: [string[], string][] = [
      [['convert', '--bogus', input], 'unknown option --bogus'],
      [['convert', input, '--dialect'], '--dialect needs a value'],
      [['convert', '--dialect', '--help', input], '--dialect needs a value (one that starts with a dash is given as --dialect=VALUE)'],
      [['convert', '--help=yes', input], '--help takes no value'],
      [['lint', '--bogus', input], 'unknown option --bogus'],
      [['lint', input, '--protocol'], '--protocol needs a value'],
    ];
    for (const [argv, words] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.split('\n').slice(0, 2), argv.join(' ')).toEqual([`dialects ${argv[0]}: ${words}`, `Run dialects ${argv[0]} --help.`]);
    }
  });

  it('does not wait on a terminal: no FILE with a TTY stdin is a usage error', async () => {
    const r = await runCli(['convert', '--dialect', 'flat'], { isTTY: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no input/);
  });

  it('names the file, line and column of invalid JSON and YAML, and a file it cannot read (exit 2)', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "type": "object",\n  "properties": {,}\n}\n');
    const r = await runCli(['convert', '--dialect', 'flat', bad]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${bad}:3:`);
    const y = await runCli(['convert', '--dialect', 'flat', '-'], { stdin: 'type: object\nproperties: [a\n' });
    expect(y.code).toBe(2);
    expect(y.stderr).toMatch(/<stdin>:\d+:\d+: not valid YAML/);
    // Two documents: where the second starts and what to do, not the library's advice about its API.
    const two = await runCli(['convert', '--dialect', 'flat', '-'], { stdin: 'type: object\n---\ntype: string\n' });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('<stdin>:2:1: not one YAML document: a second one starts here (after ---)');
    expect(two.stderr).not.toContain('parseAllDocuments');
    const none = await runCli(['convert', '--dialect', 'flat', join(dir, 'absent.json')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(join(dir, 'absent.json'));
  });

  it('refuses a YAML map key no JSON object can hold (null, a collection) where it stands, and takes a quoted "null" or a number (exit 2)', async () => {
    const nullKey = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  ~: {type: string}\n' });
    expect(nullKey.code).toBe(2);
    expect(nullKey.stdout).toBe('');
    expect(nullKey.stderr).toContain('<stdin>:3:3: a map key here is null');
    const listKey = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  ? [a, b]\n  : {type: integer}\n' });
    expect(listKey.code).toBe(2);
    expect(listKey.stderr).toContain('<stdin>:3:5: a map key here is a collection');
    // the library's own warning about stringified keys is not printed
    expect(listKey.stderr).not.toContain('stringified');
    const named = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  "null": {type: string}\n  3: {type: integer}\n' });
    expect(named.code).toBe(0);
    expect(Object.keys((JSON.parse(named.stdout) as { properties: object }).properties)).toEqual(['3', 'null']);
    // through an alias too; and an alias repeating a key is a key written twice
    const viaAlias = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nx: &n ~\nproperties:\n  *n : {type: string}\n' });
    expect(viaAlias.code).toBe(2);
    expect(viaAlias.stderr).toContain('<stdin>:4:3: a map key here is null');
    const twice = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  &k foo: {type: string}\n  *k : {type: integer}\n' });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('<stdin>:4:3: the key "foo" is written twice in this map; a JSON object holds one value per name (first at line 3, column 6)');
  });

  it('merges a YAML merge key (<<: *base) as its author means, rather than naming a property "<<"', async () => {
    const r = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'x: &s {type: string, maxLength: 5}\ntype: object\nproperties:\n  a:\n    <<: *s\n    description: A.\n' });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { properties: Record<string, unknown> }).properties.a).toEqual({ type: 'string', maxLength: 5, description: 'A.' });
  });

  it('takes a schema reusing one YAML anchor hundreds of times, and refuses aliases that expand without bound where they stand (exit 2)', async () => {
    const props = Array.from({ length: 300 }, (_, i) => `  p${i}: *s`).join('\n');
    const reused = await runCli(['convert', '--dialect', 'flat', '-'], { stdin: `x: &s {type: string}\ntype: object\nproperties:\n${props}\n` });
    expect(reused.code).toBe(0);
    expect((JSON.parse(reused.stdout) as { properties: Record<string, unknown> }).properties.p299).toEqual({ type: 'string' });
    // each level holds ten aliases of the one before: 10^6 values from seven lines
    const levels = ['a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]'];
    for (const [n, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e']]) levels.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    const laughs = await runCli(['convert', '--dialect', 'flat', '-'], { stdin: `${levels.join('\n')}\ntype: object\n` });
    expect(laughs.code).toBe(2);
    expect(laughs.stdout).toBe('');
    expect(laughs.stderr).toMatch(/<stdin>:2:\d+: the aliases expand past 1000 copies \(\*a is used 10 times/);
    // lint reads YAML the same way
    const linted = await runCli(['lint', '-'], { stdin: `${levels.join('\n')}\ntype: object\n` });
    expect(linted.code).toBe(2);
    expect(linted.stderr).toMatch(/<stdin>:2:\d+: .*the aliases expand past 1000 copies/);
  });

  it('names a YAML number or boolean key by its text as written, not by its value', async () => {
    const r = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  0x10: {type: string}\n  1.0: {type: string}\n  .inf: {type: string}\n  true: {type: string}\n' });
    expect(r.code).toBe(0);
    expect(Object.keys((JSON.parse(r.stdout) as { properties: object }).properties)).toEqual(['0x10', '1.0', '.inf', 'true']);
    // a name written as a number and as a string is one name, written twice
    const clash = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: 'type: object\nproperties:\n  1: {type: string}\n  "1": {type: string}\n' });
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('<stdin>:4:3: the key "1" is written twice');
  });

  it('refuses an input over 10 MiB before parsing it, from a file or stdin, in convert and explain (exit 2)', async () => {
    const big = JSON.stringify({ type: 'object', description: 'x'.repeat(11 * 1024 * 1024) });
    const file = join(tempDir(), 'big.json');
    writeFileSync(file, big);
    for (const command of ['convert', 'explain']) {
      const fromFile = await runCli([command, '--dialect', 'gemini', file]);
      expect(fromFile.code).toBe(2);
      expect(fromFile.stdout).toBe('');
      expect(fromFile.stderr).toContain(`${file}: the input is ${big.length} bytes; the CLI reads at most 10 MiB`);
    }
    const fromStdin = await runCli(['convert', '--dialect', 'gemini', '-'], { stdin: big });
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.stderr).toContain('<stdin>: the input is over 10485760 bytes');
  });

  it('refuses JSON holding more than a million values before parsing it (exit 2), however few bytes they take', async () => {
    // 1 000 001 empty objects in under 4 MiB: parsed, such a file took hundreds of MB.
    const many = `{"type":"object","examples":[${'{},'.repeat(1_000_000)}{}]}`;
    const r = await runCli(['convert', '--dialect', 'gemini', '-'], { stdin: many });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('<stdin>: the input holds 1000004 JSON values; the CLI reads at most 1000000');
  });

  it('reports a reference to nothing with the file and the JSON pointer (exit 1)', async () => {
    const file = conformanceInput('ref-to-nothing');
    const r = await runCli(['convert', '--dialect', 'canonical', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#/properties/item\\S*: error `, 'm'));
  });

  it('points diagnostics of a tools/list result at /tools/N', async () => {
    const file = join(repoRoot, 'examples/tools.json');
    const results = await Promise.all(registry.list().map((d) => runCli(['convert', '--dialect', d.id, file])));
    const lines = results.flatMap((r) => r.stderr.split('\n').filter(Boolean));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#/tools/\\d+/(inputSchema|outputSchema)\\S*: (error|warning|info) [a-z0-9.-]+: `));
  });
});

describe('dialects convert refuses what the input does not say', () => {
  it('refuses bytes that are not UTF-8 at their line and column, from a file or stdin, in every command that reads input (exit 2)', async () => {
    // Lenient decoding would turn these into U+FFFD, and the output would name a property "a\uFFFD\uFFFDb".
    const file = join(tempDir(), 'bad.json');
    writeFileSync(file, Buffer.from('{"type":"object","properties":{"a\xc0\xafb":{"type":"string"}}}', 'latin1'));
    const message = `${file}:1:34: not UTF-8: the byte 0xC0 at byte offset 33 is never part of UTF-8 text; the input must be UTF-8 text`;
    for (const argv of [['convert', '--dialect', 'canonical', file], ['explain', '--dialect', 'gemini', file], ['lint', file], ['diff', 'canonical', 'gemini', '--tools', file]]) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
    }
    // A U+FFFD the author wrote is text like any other; the place is counted after the byte-order mark.
    const stdin = Buffer.concat([Buffer.from('\uFEFFtype: object\ndescription: "real \uFFFD, bad '), Buffer.from([0xff]), Buffer.from('"\n')]);
    const r = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('<stdin>:2:27: not UTF-8: the byte 0xFF at byte offset 44 ');
    const good = await runCli(['convert', '--dialect', 'canonical', '-'], { stdin: '\uFEFF{"type":"string","description":"real \uFFFD"}' });
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual({ type: 'string', description: 'real \uFFFD' });
  });

  it('says YAML nested too deep for its parser is too deep to read, not invalid; the same depth as JSON stays the too-deep diagnostic', async () => {
    const dir = tempDir();
    const nested = '['.repeat(2000) + ']'.repeat(2000);
    const yaml = join(dir, 'deep.yaml');
    writeFileSync(yaml, `type: string\nenum:\n  - ${nested}\n`);
    for (const command of ['convert', 'explain']) {
      const r = await runCli([command, '--dialect', 'canonical', yaml]);
      expect(r.code, command).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/: nesting too deep to read \(the YAML parser ran out of stack near 3:\d+\); flatten the input\n/);
      expect(r.stderr).toContain(`${yaml}: nesting too deep`);
      expect(r.stderr).not.toContain('not valid YAML');
    }
    const json = join(dir, 'deep.json');
    writeFileSync(json, JSON.stringify({ type: 'string', enum: [JSON.parse(nested)] }));
    const j = await runCli(['convert', '--dialect', 'canonical', json]);
    expect(j.code).toBe(1);
    expect(j.stderr).toContain(`${json}#/enum: error too-deep: `);
  });

  it('refuses a single-valued option given twice, naming it (exit 2); --dialects-dir still repeats', async () => {
    const input = conformanceInput('sentence-format-date');
    const cases: [string[], string][] = [
      [['convert', '--dialect', 'gemini', '--dialect', 'canonical', input], "--dialect is given twice ('gemini', then 'canonical'); give it once"],
      [['convert', '--dialect=gemini', input, '--dialect', 'gemini'], "--dialect is given twice ('gemini', then 'gemini')"],
      [['explain', '--dialect', 'gemini', '--dialect', 'flat', input], '--dialect is given twice'],
      [['diff', 'gemini', 'flat', '--format', 'json', '--format', 'text', '--tools', input], "--format is given twice ('json', then 'text')"],
      [['docs', '--check', '--out', tempDir(), '--out', tempDir()], '--out is given twice'],
      [['new', 'mine', '--dir', tempDir(), '--dir', tempDir()], '--dir is given twice'],
      [['test', '--cases', tempDir(), '--cases', tempDir()], '--cases is given twice'],
      [['lint', '--format', 'json', '--format', 'text', input], "--format is given twice ('json', then 'text'); give it once"],
      [['lint', '--protocol=2025-11-25', '--protocol', '2025-06-18', input], '--protocol is given twice'],
      [['lint', '--color', '--no-color', input], '--color and --no-color are both given'],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(r.stderr, argv.join(' ')).toContain(message);
    }
    const other = folderWith({ 'acme_other@2026-11.yaml': USER_DIALECT.replace('dialect: acme_inline', 'dialect: acme_other') });
    const both = await runCli(['list', '--dialects-dir', folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT }), '--dialects-dir', other]);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain('  acme_inline@2026-11  draft');
    expect(both.stdout).toContain('  acme_other@2026-11  draft');
  });

  it('refuses an invalid schema with exit 1 and invalid-schema errors at their pointers, in every dialect', async () => {
    const input = '{"type":"object","required":"query","properties":{"q":{"type":"strng"}}}';
    for (const { id } of registry.list()) {
      const r = await runCli(['convert', '--dialect', id, '-'], { stdin: input });
      expect(r.code, id).toBe(1);
      expect(r.stderr, id).toContain('<stdin>#/required: error invalid-schema: Not a valid 2020-12 schema: "required" must be array.');
      expect(r.stderr, id).toContain('<stdin>#/properties/q/type: error invalid-schema:');
    }
  });

  it('warns of a repeated JSON key with its line and column, since the parsed value keeps only the last', async () => {
    const dir = tempDir();
    const file = join(dir, 'dup.json');
    writeFileSync(file, '{\n  "type": "object",\n  "properties": {\n    "a": {"type": "string"},\n    "\\u0061": {"type": "number", "x": [{"k": 1, "k": 2}]}\n  }\n}\n');
    const r = await runCli(['convert', '--dialect', 'canonical', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `${file}:5:5: warning duplicate-key: the key "a" appears again in the object at /properties (first at line 4, column 5); JSON keeps only the last value, so the earlier one is ignored`,
      `${file}:5:49: warning duplicate-key: the key "k" appears again in the object at /properties/a/x/0 (first at line 5, column 41); JSON keeps only the last value, so the earlier one is ignored`,
    ]);
  });
});

describe('a JSON syntax fault is placed at its line and column', () => {
  // V8 names no position for a misspelt literal: the CLI finds it (json-error-offset.ts).
  it.each([
    ['{\n  "type": "object",\n  "properties": {"a": {"minLength": tru}}\n}\n', '<stdin>:3:37:'],
    ['{"a": nulls}', '<stdin>:1:11:'],
    ['{"a": 1,}', '<stdin>:1:9:'],
    ['{"a": "x', '<stdin>:1:9:'],
    ['{"a": 1} {', '<stdin>:1:10:'],
    [`{"a": ${'1'.repeat(500)}, "b": tru}`, '<stdin>:1:514:'],
  ])('%j', async (text, where) => {
    const r = await runCli(['convert', '--dialect', 'flat', '-'], { stdin: text });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(`dialects convert: ${where} not valid JSON: `);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('YAML input: an integer past 2^53', () => {
  it('is warned at its line, column and pointer, as in JSON', async () => {
    const yaml = 'type: object\nproperties:\n  big:\n    const: 9007199254740993\n  list:\n    enum: [1, 12345678901234567891]\n  fine:\n    const: 9007199254740992\n';
    const viaFile = await runCli(['convert', '--dialect', 'flat', writeTemp('big.yaml', yaml)]);
    expect(viaFile.code, viaFile.stderr).toBe(0);
    const lines = viaFile.stderr.split('\n').filter((l) => l.includes('number-rounded'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/big\.yaml:4:12: warning number-rounded: the integer 9007199254740993 at \/properties\/big\/const is past 2\^53 and reads as 9007199254740992/);
    expect(lines[1]).toMatch(/big\.yaml:6:15: warning number-rounded: the integer 12345678901234567891 at \/properties\/list\/enum\/1/);
  });
});

function writeTemp(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}
