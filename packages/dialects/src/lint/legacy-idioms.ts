/**
 * Spellings from drafts before draft-07 (boolean `exclusiveMinimum`, `required: true` on a
 * property, `divisibleBy`, `type: "any"`, `id`), common in schemas written for the revisions that
 * named no dialect. Each is reported, and a translated copy lets the rest of the schema be checked
 * against the draft-07 meta-schema without the idiom being counted twice.
 */
import { getAt, parsePointer } from '../json-pointer.js';
import { walkSchema, type WalkProblem } from './schema-walk.js';

export interface Idiom {
  path: string;
  message: string;
}

type Edit = (node: Record<string, unknown>) => void;

export interface IdiomReport {
  idioms: Idiom[];
  /** The schema with every idiom translated to draft-07; the input itself when there was none. */
  normalised: unknown;
  walkProblem: WalkProblem | undefined;
}

export function findLegacyIdioms(schema: unknown, path: string): IdiomReport {
  const idioms: Idiom[] = [];
  const edits: { at: string; edit: Edit }[] = [];
  const rel = (at: string) => at.slice(path.length);

  const walkProblem = walkSchema(schema, path, (node, at) => {
    for (const key of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (typeof node[key] !== 'boolean') continue;
      idioms.push({
        path: `${at}/${key}`,
        message: `Boolean ${key} is a draft-04 idiom; from draft-06 on write "${key}": <number> instead of "${bound}" with "${key}": true.`,
      });
      edits.push({
        at: rel(at),
        edit: (n) => {
          if (n[key] === true && typeof n[bound] === 'number') {
            n[key] = n[bound];
            delete n[bound];
          } else delete n[key];
        },
      });
    }
    if (typeof node.required === 'boolean') {
      idioms.push({ path: `${at}/required`, message: 'Boolean "required" on a property is a draft-03 idiom; list the name in the parent\'s "required" array.' });
      edits.push({ at: rel(at), edit: (n) => delete n.required });
    }
    if ('divisibleBy' in node) {
      idioms.push({ path: `${at}/divisibleBy`, message: '"divisibleBy" is a draft-03 idiom; write "multipleOf".' });
      edits.push({ at: rel(at), edit: (n) => { if (!('multipleOf' in n)) n.multipleOf = n.divisibleBy; delete n.divisibleBy; } });
    }
    const type = node.type;
    if (type === 'any' || (Array.isArray(type) && type.includes('any'))) {
      idioms.push({ path: `${at}/type`, message: 'Type "any" is a draft-03 idiom; leave "type" out to accept any value.' });
      edits.push({ at: rel(at), edit: (n) => delete n.type });
    }
    if (typeof node.id === 'string' && !('$id' in node)) {
      idioms.push({ path: `${at}/id`, message: '"id" as a schema identifier is a draft-04 idiom and has no effect from draft-06 on; write "$id".' });
    }
    return undefined;
  });

  let normalised = schema;
  if (edits.length > 0) {
    normalised = structuredClone(schema);
    for (const { at, edit } of edits) {
      const target = parsePointer(at) && getAt(normalised, at);
      if (typeof target === 'object' && target !== null) edit(target as Record<string, unknown>);
    }
  }
  return { idioms, normalised, walkProblem };
}
