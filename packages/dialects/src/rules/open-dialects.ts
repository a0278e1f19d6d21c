/**
 * `loadDialects` without the YAML parser and the rule-file schema in the import graph: they are
 * imported only when a rule file has to be read (a caller's folder, or no current build catalog).
 * User files are checked exactly as `loadDialects` checks them.
 */
import { buildRegistry, needsReader, planFolders, type DialectRegistry, type LoadDialectsOptions } from './registry.js';

export async function openDialects(options: LoadDialectsOptions = {}): Promise<DialectRegistry> {
  const folders = planFolders(options);
  const load = needsReader(folders) ? await import('./load-dialects.js') : undefined;
  return buildRegistry(folders, load?.READER);
}
