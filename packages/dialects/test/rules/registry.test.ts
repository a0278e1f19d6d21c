import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { bundledDialectsDir, convert, DialectError, loadDialects, openDialects } from '@redouble/dialects';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-registry-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function header(name: string, version: string, status: 'draft' | 'frozen', extra = ''): string {
  return `dialect: ${name}\nversion: "${version}"\nstatus: ${status}\nsummary: ${name} ${version}\n${extra}sources:\n  spec:\n    url: https://example.com/${name}\n    title: ${name} page\n    read: 2026-01-01\n`;
}

describe('the registry', () => {
  it('loads the bundled dialects with their sources', () => {
    const registry = loadDialects();
    const ids = registry.list().map((d) => d.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['canonical@2026-11', 'flat@2026-11', 'flat@2026-12-06', 'nova@2026-11', 'nova@2026-12-06', 'nova@2026-12-09']));
    const nova = registry.get('nova');
    expect(nova.status).toBe('frozen');
    expect(nova.sources[0]?.url).toBe('https://docs.aws.amazon.com/nova/latest/userguide/tool-use-definition.html');
    expect(nova.file).toMatch(/dialects[/\\]nova@2026-12-09\.yaml$/);
    expect(registry.names()).toEqual(expect.arrayContaining(['canonical', 'canonical@2026-11', 'flat', 'nova']));
  });

  it('refuses to end up with no dialects at all, naming where it looked', () => {
    const empty = folder({ 'README.txt': 'no rule files here' });
    let caught: unknown;
    try {
      loadDialects({ dirs: [empty], bundled: false });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DialectError);
    expect((caught as DialectError).code).toBe('no-dialects');
    expect((caught as DialectError).message).toContain(empty);
    expect(() => loadDialects({ bundled: false })).toThrow(/no rule files/);
  });

  it('reads the bundled rule files from the repository when run from source', () => {
    expect(bundledDialectsDir()).toBe(fileURLToPath(new URL('../../../../dialects', import.meta.url)));
  });

  it('resolves a plain name to the newest frozen version, else the newest draft; a pin to its version', () => {
    const dir = folder({
      'alpha@2026-01.yaml': header('alpha', '2026-01', 'frozen'),
      'alpha@2026-05.yaml': header('alpha', '2026-05', 'frozen'),
      'alpha@2026-09.yaml': header('alpha', '2026-09', 'draft'),
      'beta@2026-02.yaml': header('beta', '2026-02', 'draft'),
      'beta@2026-04.yaml': header('beta', '2026-04', 'draft'),
    });
    const registry = loadDialects({ dirs: [dir], bundled: false });
    expect(registry.get('alpha').id).toBe('alpha@2026-05');
    expect(registry.get('alpha@2026-09').id).toBe('alpha@2026-09');
    expect(registry.get('beta').id).toBe('beta@2026-04');
    expect(registry.names()).toEqual(['alpha', 'alpha@2026-01', 'alpha@2026-05', 'alpha@2026-09', 'beta', 'beta@2026-02', 'beta@2026-04']);
  });

  it('refuses an unknown name, listing the accepted ones', () => {
    const registry = loadDialects();
    let error: unknown;
    try {
      registry.get('flatt');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DialectError);
    const e = error as DialectError;
    expect(e.code).toBe('unknown-dialect');
    expect(e.message).toContain('"flatt"');
    expect(e.message).toContain('canonical, canonical@2026-11');
    expect(e.diagnostics[0]?.message).toContain('flat@2026-11');
    expect(() => registry.get('flat@1999-01')).toThrow(DialectError);
  });

  it('adds a dialect from a user folder with no code change', () => {
    const dir = folder({
      'shouty@2026-06.yaml': `${header('shouty', '2026-06', 'frozen')}otherKeywords: keep
notes:
  - keywords: [maxLength]
    text: "At most {maxLength} characters."
rules:
  - id: no-length
    source: spec
    drop: [maxLength]
  - id: inline
    source: spec
    references: { mode: inline, cycles: break }
`,
    });
    const registry = loadDialects({ dirs: [dir] });
    expect(registry.names()).toEqual(expect.arrayContaining(['shouty', 'canonical']));
    const result = convert(
      { type: 'object', properties: { name: { $ref: '#/$defs/Name' } }, $defs: { Name: { type: 'string', maxLength: 10, description: 'A name.' } } },
      registry.get('shouty'),
    );
    expect(result.output).toEqual({ type: 'object', properties: { name: { type: 'string', description: 'A name. At most 10 characters.' } } });
  });

  it('inherits through extends, a rule with the same id replacing the inherited one', () => {
    const dir = folder({
      'base@2026-01.yaml': `${header('base', '2026-01', 'frozen')}otherKeywords: keep
notes:
  - keywords: [minimum]
    text: "At least {minimum}."
rules:
  - id: bounds
    source: spec
    drop: [minimum]
  - id: titles
    source: spec
    drop: [title]
`,
      'child@2026-02.yaml': `${header('child', '2026-02', 'frozen', 'extends: base@2026-01\n')}rules:
  - id: bounds
    source: spec
    keep: [minimum]
  - id: nulls
    source: spec
    objects: { optional: required-nullable }
`,
    });
    const registry = loadDialects({ dirs: [dir], bundled: false });
    const child = registry.get('child');
    expect(child.resolved.rules.map((r) => r.id)).toEqual(['bounds', 'titles', 'nulls']);
    expect(child.resolved.extendsChain).toEqual(['base@2026-01']);
    expect(child.decodesNulls).toBe(true);
    expect(registry.get('base').decodesNulls).toBe(false);
    const out = convert({ type: 'object', title: 'T', properties: { n: { type: 'integer', minimum: 1 } } }, child).output;
    expect(out).toEqual({ type: 'object', properties: { n: { type: ['integer', 'null'], minimum: 1 } }, required: ['n'] });
  });

  it('decodes nulls only where the objects rule in force asks for it (the last one, as the spelling reads it)', () => {
    const dir = folder({
      'loose@2026-12.yaml': `${header('loose', '2026-12', 'draft', 'extends: openai_strict@2026-12-06\n')}rules:
  - id: keep-optional
    source: spec
    objects: { closed: as-authored, optional: keep }
`,
    });
    const registry = loadDialects({ dirs: [dir] });
    const loose = registry.get('loose');
    // The spelling keeps u optional (not nullable), so a null sent for it is a null, not an omission.
    const schema = { type: 'object', properties: { n: { type: 'integer' }, u: { type: 'string' } }, required: ['n'] };
    expect(convert(schema, loose).output).toEqual({ type: 'object', properties: { n: { type: 'integer' }, u: { type: 'string' } }, required: ['n'] });
    expect(loose.decodesNulls).toBe(false);
    expect(registry.get('openai_strict@2026-12-06').decodesNulls).toBe(true);
  });

  it('refuses a dialects folder that defines nothing, naming what it holds instead', () => {
    const dir = folder({ 'acme@2026-02.YAML': 'x' });
    mkdirSync(join(dir, 'nested'));
    let error: DialectError | undefined;
    try {
      loadDialects({ dirs: [dir] });
    } catch (e) {
      error = e as DialectError;
    }
    expect(error?.diagnostics.map((d) => [d.code, d.path, d.message])).toEqual([
      ['no-dialects', dir, 'the dialects folder holds no rule files (<name>@<version>.yaml, directly in it); it holds "acme@2026-02.YAML", "nested"'],
    ]);
  });

  it('refuses an extends whose target is missing, at the extends line', () => {
    const dir = folder({ 'orphan@2026-01.yaml': header('orphan', '2026-01', 'draft', 'extends: ghost@2026-01\n') });
    let error: DialectError | undefined;
    try {
      loadDialects({ dirs: [dir], bundled: false });
    } catch (err) {
      error = err as DialectError;
    }
    expect(error?.code).toBe('rule-file-invalid');
    expect(error?.diagnostics[0]?.message).toContain('extends ghost@2026-01, which no loaded rule file defines');
    expect(error?.diagnostics[0]?.path).toMatch(/orphan@2026-01\.yaml:5:10$/);
  });

  it('refuses the same dialect version defined twice and a broken file among good ones', () => {
    const a = folder({ 'dup@2026-01.yaml': header('dup', '2026-01', 'draft') });
    const b = folder({ 'dup@2026-01.yaml': header('dup', '2026-01', 'draft'), 'bad@2026-01.yaml': `${header('bad', '2026-01', 'draft')}status2: x\n` });
    let error: DialectError | undefined;
    try {
      loadDialects({ dirs: [a, b], bundled: false });
    } catch (err) {
      error = err as DialectError;
    }
    const messages = error?.diagnostics.map((d) => d.message) ?? [];
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('dup@2026-01 is defined twice'), expect.stringContaining('unknown key "status2"')]));
  });

  it('refuses a folder that does not exist', () => {
    expect(() => loadDialects({ dirs: [join(tmpdir(), 'no-such-dialects-folder-xyz')] })).toThrow(/dialects folder not found/);
  });

  it('refuses options of the wrong shape as invalid-option, and never reads a string as a list of folders', async () => {
    const refused = (options: unknown) => {
      let error: unknown;
      try {
        loadDialects(options as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DialectError);
      expect((error as DialectError).code).toBe('invalid-option');
      return (error as DialectError).message;
    };
    // "/." would otherwise load the folders "/" and "." without a word.
    expect(refused({ dirs: '/.' })).toMatch(/dirs must be an array of folder paths; got the string "\/\." \(put it in an array\)/);
    expect(refused({ dirs: 5 })).toMatch(/dirs must be an array .* got number/);
    expect(refused({ bundled: 'no' })).toMatch(/bundled must be true or false; got "no"/);
    expect(refused({ dirs: [fileURLToPath(import.meta.url)] })).toMatch(/is not a folder/);
    await expect(openDialects({ dirs: '/.' } as never)).rejects.toThrow(/dirs must be an array/);
  });
});
