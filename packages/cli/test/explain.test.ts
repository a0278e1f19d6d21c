import { afterAll, describe, expect, it } from 'vitest';
import { conformanceInput, corpusTool, runCli } from './run-cli.js';
import { USER_DIALECT, folderWith, removeTempDirs } from './user-dialect.js';

afterAll(removeTempDirs);

type Row = { path: string; keyword: string; outcome: string; detail: string };

describe('dialects explain', () => {
  const dir = folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT });

  it('says a dropped format is carried in the description, at its JSON pointer', async () => {
    const r = await runCli(['explain', '--dialects-dir', dir, '--dialect', 'acme_inline', '--json', conformanceInput('sentence-format-date')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    const format = rows.find((x) => x.keyword === 'format');
    expect(format?.outcome).toBe('described');
    expect(format?.path.startsWith('/properties/since')).toBe(true);
  });

  it('reads piped stdin with no FILE, as convert and lint do, and refuses a terminal rather than wait on it', async () => {
    const day = '{"type":"object","properties":{"day":{"type":"string","format":"date"}}}';
    const piped = await runCli(['explain', '--dialect', 'canonical', '--json'], { stdin: day });
    expect(piped.code, piped.stderr).toBe(0);
    expect((JSON.parse(piped.stdout) as Row[]).map((x) => x.keyword)).toEqual(expect.arrayContaining(['type', 'properties', 'format']));
    expect(piped).toEqual(await runCli(['explain', '--dialect', 'canonical', '--json', '-'], { stdin: day }));
    expect((await runCli(['explain', '--dialect', 'canonical'], { stdin: day })).stdout.split('\n')[0]).toMatch(/^<stdin> in canonical@/);
    const terminal = await runCli(['explain', '--dialect', 'canonical'], { isTTY: true });
    const convertTerminal = await runCli(['convert', '--dialect', 'canonical'], { isTTY: true });
    expect(terminal.code).toBe(2);
    expect(terminal.stderr).toBe(convertTerminal.stderr.replace('dialects convert:', 'dialects explain:').replace('convert --help', 'explain --help'));
    expect(terminal.stderr).toMatch(/no input: give a FILE, or pipe JSON or YAML into stdin/);
  });

  it('keeps every rule in the canonical dialect', async () => {
    const r = await runCli(['explain', '--dialect', 'canonical', '--json', conformanceInput('sentence-int32-bounds')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows.map((x) => x.keyword)).toEqual(expect.arrayContaining(['minimum', 'maximum']));
    expect(rows.every((x) => x.outcome === 'kept')).toBe(true);
  });

  it('prefixes paths with /inputSchema and /outputSchema for a Tool, and prints a table', async () => {
    const file = corpusTool('calm-server', 'set_toolset');
    const json = JSON.parse((await runCli(['explain', '--dialect', 'flat', '--json', file])).stdout) as Row[];
    expect(json.some((x) => x.path.startsWith('/inputSchema/'))).toBe(true);
    expect(json.some((x) => x.path.startsWith('/outputSchema/'))).toBe(true);
    const text = await runCli(['explain', '--dialect', 'flat', file]);
    expect(text.stdout.split('\n')[0]).toBe(`${file} in ${(await import('@redouble/dialects')).loadDialects().get('flat').id}`);
    expect(text.stdout).toMatch(new RegExp(`^${json.length} rules: `, 'm'));
  });

  it('needs a FILE (exit 2) and refuses an unknown dialect (exit 2)', async () => {
    expect((await runCli(['explain', '--dialect', 'flat'])).code).toBe(2);
    expect((await runCli(['explain', '--dialect', 'nope', conformanceInput('sentence-format-date')])).code).toBe(2);
  });
});
