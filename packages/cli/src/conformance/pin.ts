/**
 * What the update flag may do with one pinned file. Kept pure so its refusal to touch a frozen
 * version is itself tested.
 */
import type { Diagnostic } from '@redouble/dialects/core';

export type PinDecision = { action: 'same' } | { action: 'write' } | { action: 'fail'; message: string };

/** The one spelling of a pinned file: pretty JSON, 2-space indent, trailing newline. */
export function pinnedText(output: unknown, diagnostics: readonly Diagnostic[]): string {
  return JSON.stringify({ output: output === undefined ? null : output, diagnostics }, null, 2) + '\n';
}

/** `rerun` is the command that re-pins, named in the failure message (`dialects test --update` by default). */
export function decidePin(args: { path: string; id: string; current: string | undefined; actual: string; frozen: boolean; update: boolean; rerun?: string }): PinDecision {
  const { path, id, current, actual, frozen, update } = args;
  const rerun = args.rerun ?? 'dialects test --update';
  if (current === actual) return { action: 'same' };
  if (!update) {
    return {
      action: 'fail',
      message: current === undefined
        ? `${path}: no pinned output for ${id}; run \`${rerun}\` and review the new file`
        : `${path}: ${id} no longer gives its pinned output (see the diff below)${frozen ? '' : `; if the change is intended, run \`${rerun}\` and review the diff`}`,
    };
  }
  // A frozen version's first pin for a new case is allowed; changing an existing one's output is
  // not. Its diagnostics speak to the server's author, not to the clients that read the frozen
  // spelling: an engine fix to them (a pointer that named no place in the input) is re-pinned,
  // and reviewed in the diff, as long as the output stays byte for byte.
  if (current !== undefined && frozen && !sameOutput(current, actual)) {
    return {
      action: 'fail',
      message: `${path}: ${id} is frozen and its pinned output would change. Frozen outputs never change: ` +
        `add a new version of the rule file (dialects/<name>@<new-version>.yaml) for the new behaviour, or fix the regression.`,
    };
  }
  return { action: 'write' };
}

/** Whether two pinned texts hold the same output (their diagnostics aside). */
function sameOutput(current: string, actual: string): boolean {
  try {
    return JSON.stringify((JSON.parse(current) as { output: unknown }).output) === JSON.stringify((JSON.parse(actual) as { output: unknown }).output);
  } catch {
    // A pinned file that is not JSON was edited by hand: not the same, so a frozen one is refused.
    return false;
  }
}
