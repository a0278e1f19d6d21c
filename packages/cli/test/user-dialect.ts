/** A dialect that exists only as a YAML file in a temporary folder: no code knows its name. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const USER_DIALECT = `# yaml-language-server: $schema=../rule-file.schema.json
dialect: acme_inline
version: "2026-11"
status: draft
summary: A reader that follows no references and no formats.
sources:
  acme-tools:
    url: https://acme.example/docs/tool-schemas
    title: Acme tool schemas
    read: 2026-11-20
otherKeywords: keep
notes:
  - keywords: [format]
    when: { format: date }
    text: "Acme says: give the day as YYYY-MM-DD."
  - event: cycle
    text: "Acme says: nests like {name}."
rules:
  - id: inline-references
    source: acme-tools
    references: { mode: inline, cycles: break }
  - id: no-formats
    source: acme-tools
    drop: [format]
`;

const made: string[] = [];

/** A fresh temporary folder, removed by `removeTempDirs` (each test file calls it in afterAll). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-cli-'));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function folderWith(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
