/**
 * `loadDialects` without the YAML parser and the rule-file schema in the import graph: they are
 * imported only when a rule file has to be read (a caller's folder, or no current build catalog).
 * User files are checked exactly as `loadDialects` checks them.
 */
import { buildRegistry, planFolders, type DialectRegistry, type LoadDialectsOptions } from './registry.js';

export async function openDialects(options: LoadDialectsOptions = {}): Promise<DialectRegistry> {
  const folders = planFolders(options);
  const reader = folders.some((f) => f.compiled === undefined) ? (await import('./load.js')).readRuleFile : undefined;
  return buildRegistry(folders, reader);
}
