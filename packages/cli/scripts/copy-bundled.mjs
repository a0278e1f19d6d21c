// Build step: the conformance cases and the example tools travel in the package, so `dialects test`
// and `dialects diff` have them when installed from the tarball (src/bundled.ts finds them there).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (rel) => fileURLToPath(new URL(rel, import.meta.url));
for (const [from, to] of [['../../../conformance/cases', '../cases'], ['../../../examples/tools.json', '../examples/tools.json']]) {
  rmSync(at(to), { recursive: true, force: true });
  cpSync(at(from), at(to), { recursive: true });
}
