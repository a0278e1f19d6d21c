// The bundled rule files, broken at random (a value swapped for a YAML oddity: .inf, an alias, an
// anchor around its alias, a tag, a huge string; a line deleted, doubled, moved or re-indented):
// the loader either accepts the file or refuses it with DialectError('rule-file-invalid') at
// file:line:column, and a file it accepts loads into a registry (or is refused the same way) and
// converts schemas without throwing. Never a stack overflow, a TypeError or an internal error.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledDialectsDir, convert, DialectError, loadDialects, parseRuleFile } from '@redouble/dialects';
import { runs } from './fixtures.js';

const dir = bundledDialectsDir();
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));

/** What a value may become: YAML that is not JSON data, YAML that is, and odd but plain values. */
const ODDITIES = ['.inf', '-.inf', '.nan', '1e400', '~', '[]', '{}', '-1', '0', '"x"', 'yes', '&a x', '*a', '[*a]', '&a { b: *a }', '&a [ *a ]', '!!binary aGVsbG8=', '!custom x', `"${'x'.repeat(5000)}"`, '"\\u0000"', '|', '? x'];

type Mutation =
  | { kind: 'value'; line: number; to: string }
  | { kind: 'delete'; line: number }
  | { kind: 'double'; line: number }
  | { kind: 'move'; line: number; to: number }
  | { kind: 'indent'; line: number; by: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), line: fc.nat(), to: fc.constantFrom(...ODDITIES) }),
  fc.record({ kind: fc.constant('delete' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('double' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), line: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.constantFrom(-2, 2) }),
);

function mutate(text: string, mutations: readonly Mutation[]): string {
  const lines = text.split('\n');
  for (const m of mutations) {
    const i = m.line % lines.length;
    const line = lines[i] as string;
    if (m.kind === 'value') {
      const colon = line.indexOf(': ');
      const dash = line.match(/^(\s*- )/);
      lines[i] = colon >= 0 ? `${line.slice(0, colon + 2)}${m.to}` : dash ? `${dash[1]}${m.to}` : `${line} ${m.to}`;
    } else if (m.kind === 'delete') lines.splice(i, 1);
    else if (m.kind === 'double') lines.splice(i, 0, line);
    else if (m.kind === 'move') lines.splice(m.to % lines.length, 0, ...lines.splice(i, 1));
    else lines[i] = m.by > 0 ? `  ${line}` : line.replace(/^ {1,2}/, '');
  }
  return lines.join('\n');
}

/** The file under a name of its own, so it loads beside the bundled file it was made from. */
function renamed(text: string): string {
  return text.replace(/^dialect: .*$/m, 'dialect: mutant');
}

const SCHEMAS: unknown[] = [
  { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 9 }, s: { type: 'string', format: 'date' } }, required: ['n'] },
  { type: 'object', properties: { any: {}, list: { type: 'array', items: { $ref: '#/$defs/Node' } } }, $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } },
  { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] }, patternProperties: { '^x': { const: 1 } } },
];

function expectRefusal(err: unknown, file: string): void {
  if (!(err instanceof DialectError)) throw err;
  expect(err.code).toBe('rule-file-invalid');
  expect(err.diagnostics.length).toBeGreaterThan(0);
  for (const d of err.diagnostics) expect(d.path, d.message).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+$`));
}

describe('rule files broken at random', () => {
  it('are accepted or refused at file:line:column, and an accepted one loads and converts without throwing', () => {
    const work = mkdtempSync(join(tmpdir(), 'rule-mutants-'));
    let round = 0;
    try {
      fc.assert(
        fc.property(fc.constantFrom(...files), fc.array(mutation, { minLength: 1, maxLength: 3 }), (source, mutations) => {
          const text = mutate(renamed(source.text), mutations);
          const file = `mutant@${source.name.split('@')[1]}`;
          try {
            parseRuleFile(text, file);
          } catch (err) {
            expectRefusal(err, file);
            return;
          }
          // Accepted: it must load as a dialect of a registry, beside the files it may extend.
          const folder = join(work, String(round++));
          mkdirSync(folder);
          writeFileSync(join(folder, file), text);
          let dialect;
          try {
            dialect = loadDialects({ dirs: [folder] }).get(file.replace(/\.yaml$/, ''));
          } catch (err) {
            expectRefusal(err, file);
            return;
          }
          for (const schema of SCHEMAS) {
            const result = convert(schema, dialect);
            if (result.output === undefined) expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
          }
        }),
        runs(300),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
