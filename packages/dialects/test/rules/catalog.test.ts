/**
 * The build's catalog of the bundled rule files: it gives exactly the dialects the YAML gives, and
 * it is used only while every bundled file has the bytes it was compiled from.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledDialectsDir, readRuleFile, readSentenceFile } from '@redouble/dialects';
import { readCatalog, ruleFileNames, writeCatalog } from '../../src/rules/catalog.js';
import { sentenceFileNames } from '../../src/rules/sentences.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the bundled folder with a catalog compiled from it. */
function compiledCopy(): { dir: string; catalog: string } {
  const root = mkdtempSync(join(tmpdir(), 'dialects-catalog-'));
  made.push(root);
  const dir = join(root, 'dialects');
  cpSync(bundledDialectsDir()!, dir, { recursive: true });
  const rules = new Map(ruleFileNames(dir).map((n) => {
    const f = readRuleFile(join(dir, n));
    return [n, { data: f.data, raw: f.raw }];
  }));
  const sentences = new Map(sentenceFileNames(dir).map((n) => [n, readSentenceFile(join(dir, n)).data]));
  const catalog = join(root, 'dialects.compiled.json');
  writeCatalog(dir, { rules, sentences }, catalog);
  return { dir, catalog };
}

describe('the compiled catalog', () => {
  it('holds every rule file and sentence file as the loader parsed it', () => {
    const { dir, catalog } = compiledCopy();
    const read = readCatalog(dir, catalog);
    expect([...read!.rules.keys()]).toEqual(ruleFileNames(dir));
    expect([...read!.sentences.keys()]).toEqual(sentenceFileNames(dir));
    expect(read!.sentences.size).toBeGreaterThan(0);
    for (const [name, { data, raw }] of read!.rules) {
      const f = readRuleFile(join(dir, name));
      expect(data, name).toEqual(f.data);
      expect(raw, name).toEqual(f.raw);
    }
    for (const [name, data] of read!.sentences) expect(data, name).toEqual(readSentenceFile(join(dir, name)).data);
  });

  it('is not used once a file changes, a file is added, or it is missing or not JSON', () => {
    const edited = compiledCopy();
    appendFileSync(join(edited.dir, 'flat@2026-11.yaml'), '# edited\n');
    expect(readCatalog(edited.dir, edited.catalog)).toBeUndefined();
    const sentence = compiledCopy();
    appendFileSync(join(sentence.dir, sentenceFileNames(sentence.dir)[0]!), '# edited\n');
    expect(readCatalog(sentence.dir, sentence.catalog)).toBeUndefined();
    const added = compiledCopy();
    cpSync(join(added.dir, 'flat@2026-11.yaml'), join(added.dir, 'flat@2027-01.yaml'));
    expect(readCatalog(added.dir, added.catalog)).toBeUndefined();
    const garbled = compiledCopy();
    writeFileSync(garbled.catalog, '{"format": 1, "hashes": ');
    expect(readCatalog(garbled.dir, garbled.catalog)).toBeUndefined();
    expect(readCatalog(garbled.dir, join(garbled.dir, 'none.json'))).toBeUndefined();
  });
});

describe('the built package (dist)', () => {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist');
  const node = (code: string) => spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dist, encoding: 'utf8' });

  it('opens the bundled dialects from its catalog, equal to reading the YAML', () => {
    const r = node(`
      import { bundledDialectsDir, loadDialects, openDialects } from './index.js';
      import { needsRuleFileReader } from './rules/registry.js';
      const fromCatalog = await openDialects();
      const fromYaml = loadDialects({ bundled: false, dirs: [bundledDialectsDir()] });
      const view = (reg) => reg.list().map((i) => { const d = reg.get(i.id); return { ...i, decodesNulls: d.decodesNulls, resolved: d.resolved }; });
      console.log(JSON.stringify({ usesCatalog: !needsRuleFileReader(), same: JSON.stringify(view(fromCatalog)) === JSON.stringify(view(fromYaml)), count: fromCatalog.list().length }));
    `);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ usesCatalog: true, same: true, count: expect.any(Number) });
  });
});
