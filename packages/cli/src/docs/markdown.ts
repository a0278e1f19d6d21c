/** Markdown helpers: one escaping policy for every generated page. */

/** Text inside a table cell: pipes would split the cell, newlines would end the row. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks inside the value. */
export function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map(cell).join(' | ')} |`);
  return lines.join('\n') + '\n';
}

/** A JSON value written compactly for prose: strings bare, everything else as JSON. */
export function plain(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
