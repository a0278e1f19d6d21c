// Code blocks of a Markdown file, in order: {lang, info, text, file, line}. `file` is set when the
// line before the fence is `<!-- file: NAME -->` (the block is written to NAME instead of run).
export function codeBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    const info = open[3].trim();
    const start = i;
    const body = [];
    for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence); i++) body.push(lines[i]);
    const marker = /^<!--\s*file:\s*(\S+)\s*-->\s*$/.exec(lines[start - 1] ?? '');
    blocks.push({ lang: info.split(/\s+/)[0] ?? '', info, text: `${body.join('\n')}\n`, file: marker?.[1], line: start + 1 });
  }
  return blocks;
}

/** True when the block's info string asks not to run it (```ts no-run). */
export function isNoRun(block) {
  return block.info.split(/\s+/).includes('no-run');
}
