import { basename } from 'node:path';
import type { DialectRegistry } from '@redouble/dialects';
import type { VersionEntry } from './render-dialect.js';

/**
 * Every loaded version with its rule set as the interpreter sees it (`extends` resolved). The file
 * is named by its base name only, so a page is the same text on every machine and `--check` does
 * not depend on where the repository lives.
 */
export function versionEntries(registry: DialectRegistry): VersionEntry[] {
  return registry.list().map((info) => {
    const d = registry.get(info.id);
    return {
      id: d.id,
      file: basename(d.file),
      rules: {
        dialect: d.name,
        version: d.version,
        status: d.status,
        summary: d.summary,
        extends: d.resolved.extendsChain[0] ?? null,
        sources: Object.fromEntries(d.sources.map((s) => [s.id, { url: s.url, title: s.title, read: s.read }])),
        otherKeywords: d.resolved.otherKeywords,
        notes: d.resolved.notes,
        rules: d.resolved.rules,
      },
    };
  });
}
