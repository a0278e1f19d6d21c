/**
 * Applies a decoding plan to one document: removes the nulls a caller sent for omitted optional
 * properties, copying only the objects and arrays on the way to a change (the caller's document is
 * never mutated, and untouched parts are shared).
 *
 * At an `anyOf`/`oneOf` the value is decoded under each branch and each candidate is validated
 * against its branch; the decoding is taken only when every branch that validates agrees on it.
 * Where some branches declare every key of the object sent, only they are asked: the dialects that
 * send these nulls close every object, so their caller sends the keys of the branch it read, and a
 * branch open to other keys would otherwise keep a null it never declared and disagree (round 19:
 * `{a: null, b: null}` for `anyOf [{a, b}, {a}]` was refused). When none validates, or they
 * disagree, the value is kept as sent and the canonical validation decides: never a guess. At
 * `if`/`then`/`else` the `if` is evaluated on the value as decoded so far.
 */
import type { Alternatives, Branch, Conditional, PlanNode } from './decode-plan.js';

export type SubValidator = (value: unknown) => boolean;
/** Validator of the subschema at a pointer of the canonical schema; undefined when it cannot be compiled. */
export type ValidatorAt = (pointer: string) => SubValidator | undefined;

type Obj = Record<string, unknown>;

function setOwn(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A new object holding the keys of `value` that come before `stop`. */
function copyBefore(value: Obj, stop: string): Obj {
  const out: Obj = {};
  for (const k in value) {
    if (k === stop) break;
    if (k === '__proto__') setOwn(out, k, value[k]);
    else out[k] = value[k];
  }
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}

/** The branches that declare every key of an object sent, where some do; else all of them. */
function branchesSent(alt: Alternatives, value: unknown): readonly Branch[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return alt.branches;
  const declaring = alt.branches.filter((b) => {
    for (const k in value) if (!b.declares.has(k)) return false;
    return true;
  });
  return declaring.length > 0 ? declaring : alt.branches;
}

export class NullDecoder {
  constructor(private readonly validatorAt: ValidatorAt) {}

  decode(node: PlanNode, value: unknown): unknown {
    let out = value;
    if (value !== null && typeof value === 'object') {
      if (Array.isArray(value)) {
        if (node.prefix || node.rest) out = this.decodeArray(node, value);
      } else if (node.props || node.other) {
        out = this.decodeObject(node, value as Obj);
      }
    }
    if (node.alternatives) for (const a of node.alternatives) out = this.decodeAlternatives(a, out);
    if (node.conditionals) for (const c of node.conditionals) out = this.decodeConditional(c, out);
    return out;
  }

  private decodeObject(node: PlanNode, value: Obj): Obj {
    // One pass; the copy starts at the first change, so an untouched object is returned as is.
    // for-in, not Object.keys: no array per object (JSON objects have no enumerable inherited keys).
    const props = node.props;
    let out: Obj | undefined;
    for (const key in value) {
      const v = value[key];
      let next = v;
      let drop = false;
      if (v === null) {
        drop = props !== null && props.get(key)?.removable === true;
      } else if (typeof v === 'object') {
        const slot = props?.get(key);
        const child = slot ? slot.node : node.other;
        if (child) next = this.decode(child, v);
      }
      if (out === undefined) {
        if (!drop && next === v) continue;
        out = copyBefore(value, key);
      }
      if (drop) continue;
      // A plain assignment to "__proto__" would replace the prototype instead of adding the key.
      if (key === '__proto__') setOwn(out, key, next);
      else out[key] = next;
    }
    return out ?? value;
  }

  private decodeArray(node: PlanNode, value: unknown[]): unknown[] {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v === null || typeof v !== 'object') continue;
      const child = node.prefix && i < node.prefix.length ? node.prefix[i]! : node.rest;
      if (!child) continue;
      const nv = this.decode(child, v);
      if (nv !== v) (out ??= value.slice())[i] = nv;
    }
    return out ?? value;
  }

  private decodeAlternatives(alt: Alternatives, value: unknown): unknown {
    const branches = branchesSent(alt, value);
    const candidates = branches.map((b) => (b.node ? this.decode(b.node, value) : value));
    if (candidates.every((c) => c === value)) return value;
    let chosen: unknown;
    let found = false;
    for (let i = 0; i < candidates.length; i++) {
      const validate = this.validatorAt(branches[i]!.pointer);
      if (!validate) return value;
      if (!validate(candidates[i])) continue;
      if (!found) (chosen = candidates[i]), (found = true);
      else if (!deepEqual(chosen, candidates[i])) return value;
    }
    return found ? chosen : value;
  }

  private decodeConditional(cond: Conditional, value: unknown): unknown {
    const test = this.validatorAt(cond.ifPointer);
    if (!test) return value;
    const branch = test(value) ? cond.then : cond.otherwise;
    return branch ? this.decode(branch, value) : value;
  }
}
