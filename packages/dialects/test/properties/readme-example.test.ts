// The package README opens with a runnable example and the output it prints. This runs that very
// code against the engine and compares what it prints, so the README cannot drift from the API.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as api from '@redouble/dialects';

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

function block(lang: string): string {
  const m = readme.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'));
  if (!m || m[1] === undefined) throw new Error(`README has no \`\`\`${lang} block`);
  return m[1];
}

it('the README example runs and prints what the README shows', () => {
  const code = block('js');
  const imports = /^import \{ ([^}]+) \} from '@redouble\/dialects';\n/;
  const m = code.match(imports);
  expect(m).not.toBeNull();
  const names = (m?.[1] ?? '').split(',').map((s) => s.trim());
  for (const n of names) expect(Object.keys(api)).toContain(n);

  const printed: string[] = [];
  const fakeConsole = { log: (...args: unknown[]) => printed.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')) };
  const body = code.replace(imports, `const { ${names.join(', ')} } = api;\n`);
  // the README's own code, run as written with the engine in scope
  new Function('api', 'console', body)(api, fakeConsole);

  const squash = (s: string) => s.replace(/\s+/g, '');
  expect(squash(printed.join('\n'))).toBe(squash(block('text')));
});
