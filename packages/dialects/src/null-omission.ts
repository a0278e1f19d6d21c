/**
 * The one answer to "is a null sent for property `name` the omission it stands for?" (law 3),
 * asked of the conjuncts that apply to the object (the schema, its references' targets, its allOf
 * members): some conjunct declares the name, none requires it, and some subschema that applies to
 * its value (a `properties` entry, or a `patternProperties` entry whose pattern matches the name)
 * certainly refuses null. Only then could keeping the null never be valid, so reading it as an
 * omission changes nothing a caller could mean. The judge decodes by it (judge/decode-plan.ts) and
 * convert tells by it whether an optional property's null will be read so (convert/walk-objects.ts).
 * Patterns run on the judge's linear-time engine only; one it declines counts as not matching.
 */
import { patternMatches } from './name-schemas.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function nullIsOmission(conjuncts: readonly unknown[], name: string, refusesNull: (schema: unknown) => boolean): boolean {
  let declared = false;
  let refuses = false;
  for (const c of conjuncts) {
    if (!isObj(c)) continue;
    if (Array.isArray(c.required) && c.required.includes(name)) return false;
    const props = c.properties;
    if (isObj(props) && Object.prototype.hasOwnProperty.call(props, name)) {
      declared = true;
      if (!refuses && refusesNull(props[name])) refuses = true;
    }
    const patterns = c.patternProperties;
    if (!refuses && isObj(patterns)) {
      for (const p in patterns) {
        if (patternMatches(p, name) === true && refusesNull(patterns[p])) {
          refuses = true;
          break;
        }
      }
    }
  }
  return declared && refuses;
}
