import { renderDialectPage, type VersionEntry } from './render-dialect.js';
import { renderMatrix } from './render-matrix.js';

export type { VersionEntry } from './render-dialect.js';

/**
 * Every generated page, by file name: `<name>.md` per dialect name and `matrix.md`. Pure, so the
 * same rule files always give byte-identical pages and `--check` can compare text.
 */
export function renderDocs(entries: readonly VersionEntry[], resolvedId: (name: string) => string): Map<string, string> {
  const byName = new Map<string, VersionEntry[]>();
  for (const e of entries) {
    const list = byName.get(e.rules.dialect) ?? [];
    list.push(e);
    byName.set(e.rules.dialect, list);
  }
  const pages = new Map<string, string>();
  for (const name of [...byName.keys()].sort()) pages.set(`${name}.md`, renderDialectPage(name, byName.get(name)!, resolvedId(name)));
  pages.set('matrix.md', renderMatrix(entries));
  return pages;
}
