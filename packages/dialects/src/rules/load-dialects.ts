/**
 * The two ways to open the registry. `loadDialects` is synchronous and has the rule-file reader
 * (YAML parser and zod schema) at hand. `openDialects` loads that reader only when a file must
 * be read: with the build's catalog current and no folder of the caller's, it never does, which is
 * what keeps a one-shot command (the CLI) quick to start.
 */
import { readRuleFile, readSentenceFile } from './load.js';
import { mergeRule } from './merge-rule.js';
import { createRegistry, type DialectRegistry, type LoadDialectsOptions, type RuleFileReader } from './registry.js';

/** What reading and checking rule files takes: the YAML parser and the zod schema, through these. */
export const READER: RuleFileReader = { rule: readRuleFile, sentence: readSentenceFile, merge: mergeRule };

/** The bundled dialects plus every `dirs` folder; a broken rule file throws DialectError('rule-file-invalid'). */
export function loadDialects(options: LoadDialectsOptions = {}): DialectRegistry {
  return createRegistry(options, READER);
}
