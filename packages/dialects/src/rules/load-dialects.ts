/**
 * The two ways to open the registry. `loadDialects` is synchronous and has the rule-file reader
 * (YAML parser and zod schema) at hand. `openDialects` loads that reader only when a file must
 * be read: with the build's catalog current and no folder of the caller's, it never does, which is
 * what keeps a one-shot command (the CLI) quick to start.
 */
import { readRuleFile } from './load.js';
import { createRegistry, type DialectRegistry, type LoadDialectsOptions } from './registry.js';

/** The bundled dialects plus every `dirs` folder; a broken rule file throws DialectError('rule-file-invalid'). */
export function loadDialects(options: LoadDialectsOptions = {}): DialectRegistry {
  return createRegistry(options, readRuleFile);
}
