// What every property file shares: the loaded registry, the real corpus tools, and the checks of the
// result shape that hold for any conversion.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { loadDialects, type ConvertResult, type Dialect } from '@redouble/dialects';
import { pointerResolves } from './json-tools.js';

export const registry = loadDialects();
/** Every loaded version, not only the newest of each name: a frozen version keeps being served. */
export const dialects: Dialect[] = registry.list().map((info) => registry.get(info.id));

const corpusDir = fileURLToPath(new URL('../../../../corpus/tools', import.meta.url));

export interface CorpusTool {
  file: string;
  tool: Record<string, unknown>;
}

let cached: CorpusTool[] | undefined;
export function corpusTools(): CorpusTool[] {
  if (cached) return cached;
  const out: CorpusTool[] = [];
  for (const server of readdirSync(corpusDir).sort()) {
    let files: string[];
    try {
      files = readdirSync(join(corpusDir, server)).filter((f) => f.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const f of files) out.push({ file: `${server}/${f}`, tool: JSON.parse(readFileSync(join(corpusDir, server, f), 'utf8')) as Record<string, unknown> });
  }
  cached = out;
  return out;
}

const SEVERITIES = new Set(['error', 'warning', 'info']);

/** The result contract: output or an error, and every diagnostic well formed and pointing into the input. */
export function expectWellFormed(result: ConvertResult, input: unknown): void {
  expect(Object.keys(result).sort()).toEqual(['diagnostics', 'ok', 'output']);
  expect(Array.isArray(result.diagnostics)).toBe(true);
  for (const d of result.diagnostics) {
    expect(Object.keys(d).sort()).toEqual(['code', 'message', 'path', 'severity']);
    expect(typeof d.code).toBe('string');
    expect(d.code).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    expect(SEVERITIES.has(d.severity)).toBe(true);
    expect(typeof d.message).toBe('string');
    expect(d.message.length).toBeGreaterThan(0);
    expect(typeof d.path).toBe('string');
    if (!pointerResolves(input, d.path)) expect.fail(`diagnostic path ${JSON.stringify(d.path)} (${d.code}) does not resolve in the input`);
  }
  const hasError = result.diagnostics.some((d) => d.severity === 'error');
  expect(result.ok).toBe(!hasError);
  if (result.output === undefined) expect(hasError).toBe(true);
}

/**
 * One fixed seed, so a run is reproducible and a known engine bug fails the same way every time;
 * set PROPERTY_SEED to explore other inputs.
 */
export const SEED = Number(process.env.PROPERTY_SEED ?? 20261202);
export function runs(numRuns: number, options: { knownToFail?: boolean } = {}): { numRuns: number; seed: number; endOnFailure: boolean } {
  // a test marked it.fails needs the failure, not the smallest counterexample: skip shrinking
  return { numRuns, seed: SEED, endOnFailure: options.knownToFail === true };
}

