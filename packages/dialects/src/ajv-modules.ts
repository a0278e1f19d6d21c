/**
 * Ajv, Ajv2020, ajv-formats and Ajv's code builders, loaded on first use rather than with the
 * package: a process that only converts (`import { convert } from '@redouble/dialects'`) never
 * creates an Ajv instance, and loading the three modules is about a quarter of the package's import
 * time. The judge and the linter ask here when they create their first instance. All three are
 * CommonJS, so `require` loads them synchronously, from the same module cache an ESM import uses.
 */
import type * as AjvModule from 'ajv';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import { FORMAT_CHECKS } from './format-checks.js';
import { installSafeEqual } from './judge/safe-equal.js';
import { requireDependency as require } from './lazy-module.js';

export type AnyAjv = AjvModule.Ajv | Ajv2020Module.Ajv2020;

export interface AjvModules {
  Ajv: typeof AjvModule.Ajv;
  Ajv2020: typeof Ajv2020Module.Ajv2020;
  addFormats: (ajv: AnyAjv) => AnyAjv;
  /** Ajv's code and message builders, for custom keywords. */
  _: typeof AjvModule._;
  str: typeof AjvModule.str;
}

let loaded: AjvModules | undefined;

export function ajvModules(): AjvModules {
  if (loaded) return loaded;
  const ajv = require<typeof AjvModule>('ajv');
  const ajv2020 = require<typeof Ajv2020Module>('ajv/dist/2020.js');
  // Before any validator is generated: see judge/safe-equal.ts.
  installSafeEqual(require<Parameters<typeof installSafeEqual>[0]>('ajv/dist/runtime/equal.js'));
  const formats = require<{ default?: unknown }>('ajv-formats');
  // ajv-formats sets its function as module.exports and as its `default`.
  const addAjvFormats = (formats.default ?? formats) as (ajv: AnyAjv) => AnyAjv;
  // Then the checks that replace those of ajv-formats that refuse values their RFC admits (format-checks.ts).
  const addFormats = (instance: AnyAjv): AnyAjv => {
    addAjvFormats(instance);
    for (const [name, validate] of FORMAT_CHECKS) instance.addFormat(name, { type: 'string', validate });
    return instance;
  };
  loaded = { Ajv: ajv.Ajv, Ajv2020: ajv2020.Ajv2020, addFormats, _: ajv._, str: ajv.str };
  return loaded;
}
