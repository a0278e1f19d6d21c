import type { Diagnostic } from '@redouble/dialects/core';

/**
 * One diagnostic per line: `where: severity code: message`. A JSON pointer is shown after the
 * input's name (`tools.json#/tools/0/inputSchema`), a rule-file position as it comes
 * (`mine/x@2026-01.yaml:4:3`), so every message names the file and the place.
 */
export function formatDiagnostic(label: string, d: Diagnostic): string {
  // A position in the input file itself (`/abs/file.json:3:5`) is not a pointer, though it may start with `/`.
  const where = (d.path === '' || d.path.startsWith('/')) && !d.path.startsWith(`${label}:`) ? `${label}#${fragment(d.path)}` : d.path;
  return `${where}: ${d.severity} ${d.code}: ${d.message}\n`;
}

/**
 * A JSON pointer as a URI fragment (RFC 6901, section 6): the ASCII characters a fragment cannot
 * hold (a space, `#`, `%`, quotes, brackets, controls) percent-encoded, so `file#/properties/p%20q`
 * is one token a terminal or editor opens; other characters stay readable, as in an IRI.
 */
function fragment(pointer: string): string {
  return pointer.replace(/[\u0000-\u0020"#%<>[\\\]^`{|}\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Pretty JSON, 2-space indent, trailing newline: the one spelling of JSON the CLI writes. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
