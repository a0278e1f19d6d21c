/**
 * A unified-style line diff of a pinned file against the new output, for people reading a failed
 * `dialects test`: changed lines with two lines of context, `-` pinned, `+` now, capped in length.
 */
const CONTEXT = 2;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** Line operations by longest common subsequence, after trimming the common head and tail. */
function operations(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // LCS lengths from the end; the middle of a pinned JSON diff is small, so n*m stays modest.
  const n = x.length;
  const m = y.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      ops.push({ kind: ' ', line: x[i]! });
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // The pinned line goes first where either order keeps the common lines: `-` then `+`, as diff writes it.
      ops.push({ kind: '-', line: x[i++]! });
    } else ops.push({ kind: '+', line: y[j++]! });
  }
  for (const line of a.slice(a.length - tail)) ops.push({ kind: ' ', line });
  return ops;
}

/** The diff of `before` (pinned) and `after` (now); '' when they are equal. */
export function lineDiff(before: string, after: string, maxLines = 60): string {
  if (before === after) return '';
  const ops = operations(before.split('\n'), after.split('\n'));
  const show = new Array<boolean>(ops.length).fill(false);
  ops.forEach((op, k) => {
    if (op.kind === ' ') return;
    for (let c = Math.max(0, k - CONTEXT); c <= Math.min(ops.length - 1, k + CONTEXT); c++) show[c] = true;
  });
  const out: string[] = [];
  let gap = false;
  for (let k = 0; k < ops.length; k++) {
    if (!show[k]) {
      gap = true;
      continue;
    }
    if (gap && out.length > 0) out.push('  ...');
    gap = false;
    out.push(`${ops[k]!.kind} ${ops[k]!.line}`);
  }
  if (out.length > maxLines) return [...out.slice(0, maxLines), `  ... (${out.length - maxLines} more diff lines)`].join('\n') + '\n';
  return out.join('\n') + '\n';
}
