/**
 * The maintainer's workflow on real files: `dialects new` writes a rule file that loads, `dialects
 * test` pins the bundled cases and the user's own through it and then holds it to the pins,
 * `--update` never rewrites a frozen pin, and `dialects diff` reports what an edit changes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceInput, runCli } from './run-cli.js';
import { removeTempDirs, tempDir } from './user-dialect.js';

afterAll(removeTempDirs);

const BOOKING = {
  name: 'book_table',
  inputSchema: {
    type: 'object',
    properties: { day: { type: 'string', format: 'date', description: 'The day.' }, guests: { type: 'integer', minimum: 1, maximum: 12 } },
    required: ['day', 'guests'],
  },
};

const ACME_RULES = `rules:
  - id: date-time-format
    source: vendor-page
    keepWhen:
      format: { in: [date-time, date] }
`;

/** A rule that drops every format, with its sentence (for a base that keeps them). */
const NO_FORMATS = `rules:
  - id: no-formats
    source: vendor-page
    drop: [format]
`;

/** A folder with `acme@2026-12` (from gemini, or `from`, as `new` writes it) and one case of the user's own. */
async function acmeFolder(from = 'gemini'): Promise<{ dir: string; file: string }> {
  const dir = join(tempDir(), 'my-dialects');
  const r = await runCli(['new', 'acme', '--from', from, '--dir', dir, '--version', '2026-12']);
  expect(r.code, r.stderr).toBe(0);
  const file = join(dir, 'acme@2026-12.yaml');
  mkdirSync(join(dir, 'cases', 'booking'), { recursive: true });
  writeFileSync(join(dir, 'cases', 'booking', 'input.json'), JSON.stringify(BOOKING, null, 2));
  writeFileSync(join(dir, 'cases', 'booking', 'case.yaml'), 'description: A date and a bounded count.\n');
  return { dir, file };
}

describe('dialects new', () => {
  it('writes a draft that extends the pinned base, loads as it is, and prints the next two commands', async () => {
    const dir = join(tempDir(), 'fresh');
    const r = await runCli(['new', 'acme', '--from', 'gemini', '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    const file = join(dir, `acme@${month}.yaml`);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*rule-file\.schema\.json$/);
    const schemaPath = join(dir, text.split('\n')[0]!.split('$schema=')[1]!);
    expect(existsSync(schemaPath), schemaPath).toBe(true);
    expect(text).toContain('status: draft');
    expect(text).toMatch(/^extends: gemini@\d{4}-\d{2}/m);
    expect(text).toMatch(/^sources:.*\n {2}vendor-page:\n {4}url: /m);
    expect(r.stdout).toContain(`dialects test --dialects-dir ${dir} --update`);
    expect(r.stdout).toMatch(new RegExp(`dialects diff gemini@\\S+ acme@${month} --dialects-dir`));

    const list = await runCli(['list', '--json', '--dialects-dir', dir]);
    expect(list.code, list.stderr).toBe(0);
    const acme = (JSON.parse(list.stdout) as { id: string; status: string }[]).find((d) => d.id === `acme@${month}`);
    expect(acme?.status).toBe('draft');
  });

  it('starts the next version of a bundled dialect after its newest one, extending that one even where it is a draft', async () => {
    const dir = tempDir();
    const listed = JSON.parse((await runCli(['list', '--json'])).stdout) as { id: string; name: string; version: string; status: string }[];
    const newest = listed.filter((d) => d.name === 'openai_strict').map((d) => d.version).sort().at(-1)!;
    const r = await runCli(['new', 'openai_strict', '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    const version = /openai_strict@(\S+)\.yaml/.exec(r.stdout)![1]!;
    expect(version > newest, `${version} after ${newest}`).toBe(true);
    const text = readFileSync(join(dir, `openai_strict@${version}.yaml`), 'utf8');
    expect(text).toContain(`extends: openai_strict@${newest}`);
    if (listed.find((d) => d.id === `openai_strict@${newest}`)?.status === 'draft') expect(r.stdout).toContain('itself a draft: freeze it before this one');
    // A version before the newest is refused, naming it: the one just written, as the folder written to is read.
    const early = await runCli(['new', 'openai_strict', '--dir', dir, '--version', '2025-01']);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain(`--version 2025-01 comes before openai_strict@${version}`);
  });

  it('writes an identity dialect without --from', async () => {
    const dir = tempDir();
    expect((await runCli(['new', 'plain', '--dir', dir, '--version', '2026-01'])).code).toBe(0);
    const r = await runCli(['convert', '--dialects-dir', dir, '--dialect', 'plain', conformanceInput('sentence-format-date')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(conformanceInput('sentence-format-date'), 'utf8')));
  });

  it('refuses a bad name, an unknown base, a bad version and an existing file (exit 2), writing nothing', async () => {
    const dir = tempDir();
    expect((await runCli(['new', 'Acme', '--dir', dir])).code).toBe(2);
    const unknown = await runCli(['new', 'acme', '--from', 'gemnii', '--dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/accepted: .*gemini/);
    expect((await runCli(['new', 'acme', '--dir', dir, '--version', '2026-13'])).code).toBe(2);
    expect(existsSync(join(dir, 'acme@2026-13.yaml'))).toBe(false);
    expect((await runCli(['new', 'acme', '--dir', dir, '--version', '2026-12'])).code).toBe(0);
    writeFileSync(join(dir, 'acme@2026-12.yaml'), '# mine\n', { flag: 'a' });
    const again = await runCli(['new', 'acme', '--dir', dir, '--version', '2026-12']);
    expect(again.code).toBe(2);
    // The folder written to is read, so the version there is known by name and file.
    expect(again.stderr).toContain(`acme@2026-12 is already defined (${join(dir, 'acme@2026-12.yaml')})`);
    expect(readFileSync(join(dir, 'acme@2026-12.yaml'), 'utf8').endsWith('# mine\n')).toBe(true);
    expect((await runCli(['new', 'canonical', '--dir', tempDir(), '--version', '2026-11'])).code).toBe(2);
  });
});

describe('dialects test', () => {
  it('asks for pins, pins the bundled and the own cases beside the user\'s, then passes', async () => {
    const { dir } = await acmeFolder();
    const first = await runCli(['test', '--dialects-dir', dir]);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(`no pinned output for acme@2026-12; run \`dialects test --dialects-dir ${dir} --update\``);

    const update = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(update.code, update.stdout).toBe(0);
    expect(update.stdout).toMatch(/(\d+) cases x 1 dialect version \(acme@2026-12\): 0 as pinned, \1 pinned now, 0 failed/);
    const own = JSON.parse(readFileSync(join(dir, 'cases/booking/expected/acme@2026-12.json'), 'utf8')) as { output: typeof BOOKING; diagnostics: unknown[] };
    // gemini drops the date format with its sentence; the inherited rules still carry the bounds in words
    expect(own.output.inputSchema.properties.day).toEqual({ type: 'string', description: 'The day. Must be an ISO-8601 date.' });
    expect(own.output.inputSchema.properties.guests).toEqual({ type: 'integer', description: 'Accepted range: 1 to 12.' });
    expect(existsSync(join(dir, 'cases/_bundled/sentence-format-date/expected/acme@2026-12.json'))).toBe(true);

    const again = await runCli(['test', '--dialects-dir', dir]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/: (\d+) as pinned, 0 pinned now, 0 failed\n$/);

    // A version renamed since: its pins of the bundled cases are stale, reported like the own ones.
    const stale = join(dir, 'cases/_bundled/sentence-format-date/expected/acme@2026-11.json');
    writeFileSync(stale, '{}\n');
    const orphan = await runCli(['test', '--dialects-dir', dir]);
    expect(orphan.code).toBe(1);
    expect(orphan.stdout).toContain(`FAIL acme@2026-11: 1 pinned output of a version no loaded rule file defines (renamed or removed since): ${stale}; `);
    expect(orphan.stdout).toMatch(/: (\d+) as pinned, 0 pinned now, 0 failed, 1 stale pin\n$/);
  });

  it('prints a readable diff for an edited rule, re-pins a draft, and refuses to re-pin a frozen version', async () => {
    // A frozen version may extend only a frozen one: its base here is frozen too.
    const { dir, file } = await acmeFolder('openai_strict@2026-12-06');
    expect((await runCli(['test', '--dialects-dir', dir, '--update'])).code).toBe(0);
    const pin = join(dir, 'cases/booking/expected/acme@2026-12.json');
    const pinned = readFileSync(pin, 'utf8');

    writeFileSync(file, readFileSync(file, 'utf8').replace(/^rules: .*$/m, NO_FORMATS));
    const changed = await runCli(['test', '--dialects-dir', dir]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/FAIL .*cases\/booking acme@2026-12\n/);
    expect(changed.stdout).toContain('+           "description": "The day. Must be an ISO-8601 date."');
    expect(changed.stdout).toContain('-           "format": "date",');
    // Every FAIL line starts a line (a diff's last line once left the next one indented), and a
    // changed line reads pinned first, then now, as diff writes it.
    expect(changed.stdout).toMatch(/\nFAIL bundled\/sentence-format-date acme@2026-12/);
    expect(changed.stdout).not.toMatch(/^ +FAIL /m);
    const lines = changed.stdout.split('\n');
    const plus = lines.findIndex((l) => l.startsWith('    +  '));
    expect(plus).toBeGreaterThan(0);
    expect(lines[plus - 1]).toMatch(/^ {4}- /);

    writeFileSync(file, readFileSync(file, 'utf8').replace('status: draft', 'status: frozen'));
    const refused = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('acme@2026-12 is frozen and its pinned output would change');
    expect(readFileSync(pin, 'utf8')).toBe(pinned);

    writeFileSync(file, readFileSync(file, 'utf8').replace('status: frozen', 'status: draft'));
    expect((await runCli(['test', '--dialects-dir', dir, '--update'])).code).toBe(0);
    expect(JSON.parse(readFileSync(pin, 'utf8')).output.inputSchema.properties.day).toEqual({ type: 'string', description: 'The day. Must be an ISO-8601 date.' });
  });

  it('refuses a frozen version that extends a draft, at its extends line', async () => {
    const { dir, file } = await acmeFolder();
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: draft', 'status: frozen'));
    const r = await runCli(['list', '--dialects-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/acme@2026-12\.yaml:\d+:\d+: is frozen but extends gemini@2026-10, a draft that may still change, and this version with it; freeze gemini@2026-10 first, or keep this version a draft/);
  });

  it('reports a broken case folder of the user\'s, and a folder with no rule file is a usage error', async () => {
    const { dir } = await acmeFolder();
    mkdirSync(join(dir, 'cases', 'half'));
    writeFileSync(join(dir, 'cases', 'half', 'input.json'), '{"type": "object"}');
    const r = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL .*cases\/half\n {2}.*case\.yaml: missing/);
    const empty = await runCli(['test', '--dialects-dir', tempDir()]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('dialects new NAME');
    // Beside a folder that holds rule files, the hint names the empty one (round 25: it named the first).
    const second = tempDir();
    const both = await runCli(['test', '--dialects-dir', dir, '--dialects-dir', second]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`dialects new NAME --dir ${second}\``);
  });

  it('refuses a --cases folder that is not there, instead of running without the cases it names', async () => {
    const { dir } = await acmeFolder();
    const missing = join(dir, 'no-such-cases');
    for (const extra of [[], ['--update']]) {
      const r = await runCli(['test', '--dialects-dir', dir, '--cases', missing, ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--cases ${missing}: no such directory`);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('dialects diff', () => {
  const input = conformanceInput('vendor-version-difference');

  it('reports the keywords, sentences and examples that change between two versions, as JSON', async () => {
    const r = await runCli(['diff', 'openai_strict@2024-08', 'openai_strict@2026-10', '--tools', input, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { tools: number; changed: number; keywords: { item: string; a: number; b: number }[]; sentences: { item: string; a: number; b: number }[]; examples: { changes: { pointer: string }[] }[] };
    expect(report).toMatchObject({ a: 'openai_strict@2024-08', b: 'openai_strict@2026-10', tools: 1, changed: 1 });
    expect(report.keywords).toContainEqual({ item: 'minimum', a: 0, b: 1 });
    expect(report.keywords).toContainEqual({ item: 'maxItems', a: 0, b: 1 });
    expect(report.sentences).toContainEqual({ item: 'Must be at least N.', a: 1, b: 0 });
    expect(report.examples[0]!.changes.map((c) => c.pointer)).toContain('/properties/count/minimum');
  });

  it('counts a sentence said after an author\'s unfinished one as that sentence, not the stop before it', async () => {
    const file = join(tempDir(), 'tool.json');
    writeFileSync(file, JSON.stringify({ name: 't', inputSchema: { type: 'object', properties: { w: { type: 'string', description: 'Full image URLs', examples: ['fedora'] } } } }));
    const r = await runCli(['diff', 'openai_strict@2026-12-06', 'openai_strict@2026-12-07', '--tools', file, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { sentences: unknown[] }).sentences).toEqual([{ item: 'Examples: "fedora".', a: 0, b: 1 }]);
  });

  it('counts a sentence that changed in its middle whole, on both sides', async () => {
    // Round 20: "Repeats the structure of __schema0, ..." was counted as "__schema0, to any depth.".
    const file = join(tempDir(), 'tool.json');
    const node = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/__schema0' } } } };
    writeFileSync(file, JSON.stringify({ name: 't', inputSchema: { type: 'object', properties: { root: { $ref: '#/$defs/__schema0' } }, $defs: { __schema0: node } } }));
    const r = await runCli(['diff', 'flat@2026-11', 'flat@2026-12-06', '--tools', file, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { sentences: unknown[] }).sentences).toEqual([
      { item: 'Repeats the structure of __schema0, to any depth.', a: 1, b: 0 },
      { item: 'Repeats the structure of root, to any depth.', a: 0, b: 1 },
    ]);
  });

  it('says "the same" for a dialect against itself, and prints text by default', async () => {
    const same = await runCli(['diff', 'gemini', 'gemini', '--tools', input]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('0 tools spelled differently, 1 the same');
    expect(same.stdout).toContain('keywords: none');
  });

  it('reads a folder of cases by their inputs, and refuses bad arguments with exit 2', async () => {
    const { dir, file } = await acmeFolder();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^rules: .*$/m, ACME_RULES));
    const r = await runCli(['diff', 'gemini@2026-10', 'acme@2026-12', '--dialects-dir', dir, '--tools', join(dir, 'cases')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('over 1 tool');
    expect(r.stdout).toMatch(/appears +0 -> 1 +format/);
    expect(r.stdout).toContain('/inputSchema/properties/day/format: (absent) -> "date"');
    expect((await runCli(['diff', 'gemini'])).code).toBe(2);
    expect((await runCli(['diff', 'gemini', 'flat', '--format', 'yaml', '--tools', input])).code).toBe(2);
    expect((await runCli(['diff', 'gemini', 'nope', '--tools', input])).code).toBe(2);
    expect((await runCli(['diff', 'gemini', 'flat', '--tools', join(dir, 'missing.json')])).code).toBe(2);
  });

  it('lists a tool either dialect cannot convert, with its error, and exits 1: the comparison is partial', async () => {
    const folder = tempDir();
    const tools = join(folder, 'tools.json');
    writeFileSync(
      tools,
      JSON.stringify({
        tools: [
          { name: 'fine', inputSchema: { type: 'object', properties: { day: { type: 'string', format: 'date' } } } },
          { name: 'typo', inputSchema: { type: 'object', properties: { n: { type: 'strng' } } } },
        ],
      }),
    );
    const text = await runCli(['diff', 'flat', 'gemini', '--tools', tools]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain('could not be converted (no output, or not a valid schema; compared by their errors only): 1 in flat@2026-12-06, 1 in gemini@2026-10\n');
    expect(text.stdout).toMatch(/ {2}\S*tools\.json typo in flat@2026-12-06: invalid-schema at \/inputSchema\/properties\/n\/type: /);
    const json = await runCli(['diff', 'flat', 'gemini', '--tools', tools, '--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { tools: number; unconverted: { tool: string; side: string; dialect: string; code: string; path: string }[] };
    expect(report.tools).toBe(2);
    expect(report.unconverted.map((u) => [u.tool.endsWith('tools.json typo'), u.side, u.dialect, u.code, u.path])).toEqual([
      [true, 'a', 'flat@2026-12-06', 'invalid-schema', '/inputSchema/properties/n/type'],
      [true, 'b', 'gemini@2026-10', 'invalid-schema', '/inputSchema/properties/n/type'],
    ]);
    // A dialect against itself: each side counted once, not both under A.
    const itself = await runCli(['diff', 'gemini', 'gemini', '--tools', tools]);
    expect(itself.code).toBe(1);
    expect(itself.stdout).toContain('compared by their errors only): 1 in gemini@2026-10, 1 in gemini@2026-10\n');
    // Every tool convertible: no such list, and exit 0, as before.
    const fine = await runCli(['diff', 'flat', 'gemini', '--tools', conformanceInput('vendor-version-difference')]);
    expect(fine.code).toBe(0);
    expect(fine.stdout).not.toContain('could not be converted');
  });
});
