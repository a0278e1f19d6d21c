import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { runCli } from './run-cli.js';
import { USER_DIALECT, folderWith, removeTempDirs } from './user-dialect.js';

afterAll(removeTempDirs);

const registry = loadDialects();

describe('dialects list', () => {
  it('shows every loaded version with its status, summary, file, sentence file and every source with its date', async () => {
    const r = await runCli(['list']);
    expect(r.code, r.stderr).toBe(0);
    for (const d of registry.list()) {
      expect(r.stdout).toContain(`  ${d.id}  ${d.status}  ${d.summary}\n`);
      // The wording it reads, inherited or named: what a maintainer needs to know before editing a sentence file.
      const sentences = registry.get(d.id).resolved.sentences;
      const block = r.stdout.slice(r.stdout.indexOf(`  ${d.id}  `)).split(/\n  (?=\S)/)[0]!;
      if (sentences !== undefined) expect(block, d.id).toContain(`\n    sentences: ${sentences}\n`);
      else expect(block, d.id).not.toContain('sentences:');
      for (const s of d.sources) expect(r.stdout).toContain(`${s.title} <${s.url}> (read ${s.read})`);
    }
    for (const name of new Set(registry.list().map((d) => d.name))) expect(r.stdout).toContain(`${name}  (means ${registry.get(name).id})`);
  });

  it('prints the same list as JSON with --json', async () => {
    const r = await runCli(['list', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; plainNameResolvesHere: boolean }[];
    expect(rows.map((x) => x.id)).toEqual(registry.list().map((d) => d.id));
    expect(rows.filter((x) => x.plainNameResolvesHere).length).toBe(new Set(registry.list().map((d) => d.name)).size);
  });

  it('adds the dialects of every --dialects-dir, given before or after the command', async () => {
    const dir = folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT });
    for (const argv of [['list', '--dialects-dir', dir], ['--dialects-dir', dir, 'list']]) {
      const r = await runCli(argv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('  acme_inline@2026-11  draft  A reader that follows no references and no formats.');
      expect(r.stdout).toContain('Acme tool schemas <https://acme.example/docs/tool-schemas> (read 2026-11-20)');
    }
  });

  it('refuses a --dialects-dir that does not exist (exit 2) and an unknown command (exit 2)', async () => {
    const r = await runCli(['list', '--dialects-dir', '/nonexistent/dialects']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/nonexistent/dialects');
    const u = await runCli(['lsit']);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/unknown command 'lsit'; commands: list, convert/);
    // An option with no command is named, not only answered with the usage.
    const o = await runCli(['--bogus']);
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(/^dialects: unknown option '--bogus' before any command;/);
    expect(o.stderr).toContain('Usage: dialects <command>');
  });

  it('says a --dialects-dir or --cases that names a file is not a directory, rather than that it does not exist (exit 2)', async () => {
    const file = join(folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT }), 'acme_inline@2026-11.yaml');
    for (const [argv, option] of [[['list', '--dialects-dir', file], '--dialects-dir'], [['test', '--cases', file], '--cases']] as const) {
      const r = await runCli([...argv]);
      expect(r.code, option).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`${option} ${file}: not a directory (it is a file)`);
      expect(r.stderr).not.toContain('no such directory');
    }
  });

  it('prints help with exit 0, and usage with exit 2 when no command is given', async () => {
    const h = await runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Usage: dialects <command>/);
    const c = await runCli(['convert', '--help']);
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/Usage: dialects convert --dialect NAME/);
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: dialects <command>/);
  });

  it('prints its version for -v, as for --version and -V, before a command only; no command takes -v', async () => {
    const long = await runCli(['--version']);
    expect(long).toMatchObject({ code: 0, stderr: '' });
    expect(long.stdout).toMatch(/^dialects \d+\.\d+\.\d+/);
    for (const flag of ['-v', '-V']) expect(await runCli([flag])).toEqual(long);
    expect((await runCli(['--help'])).stdout).toContain('-v, -V, --version');
    const inCommand = await runCli(['convert', '-v']);
    expect(inCommand.code).toBe(2);
    expect(inCommand.stderr).toContain('unknown option -v');
  });

  it('shows every optional option of test in brackets, --dialects-dir included, since test runs without it', async () => {
    const usage = (await runCli(['test', '--help'])).stdout.split('\n')[0];
    expect(usage).toBe('Usage: dialects test [--dialects-dir DIR] [--cases DIR] [--update]');
  });
});
