/**
 * Dependencies a process loads only when it first needs them, synchronously (loadDialects and the
 * judge are synchronous, so a dynamic import() will not do). An MCP server that serves the bundled
 * dialects never reads YAML, evaluates no JSONPath and may never meet a pattern re2js must run:
 * loaded at import, those three cost it 35-45 ms of every start (yaml about 17, jsonpath-plus about
 * 15, re2js about 7, on this machine). Each is required from here, so one instance serves the engine.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const requireHere = createRequire(import.meta.url);

/** A dependency of this package, loaded now (CommonJS, or an ESM package's `require` entry). */
export function requireDependency<T>(name: string): T {
  return requireHere(name) as T;
}

/** A getter that loads `name` on its first call and answers the same module after. */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireDependency<T>(name));
}

/** The YAML parser (yaml's own `node` entry is CommonJS, so this is the instance `import` would give). */
export const yamlLib = lazyModule<typeof Yaml>('yaml');
