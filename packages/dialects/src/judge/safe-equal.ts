/**
 * The deep equality Ajv's generated code calls for `const`, `enum` and `uniqueItems`
 * (ajv/dist/runtime/equal, which is fast-deep-equal). For an object whose own `valueOf` or
 * `toString` is not the prototype's, fast-deep-equal calls it, so a JSON argument such as
 * `{"toString": 5}` threw a TypeError inside validation, and the judge refused a valid call (as
 * "nested too deeply"). JSON data is plain objects, arrays and scalars: those are compared by
 * their own keys and items here, and anything else goes to fast-deep-equal as before.
 *
 * Ajv reads the function from that module's `default` when it generates a validator, so it is set
 * there once, when the Ajv modules are first loaded; every Ajv instance in the process then uses it,
 * which changes nothing for values other than plain objects and arrays.
 */
type Equal = ((a: unknown, b: unknown) => boolean) & { code?: string };

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function makeSafeEqual(original: Equal): Equal {
  const equal: Equal = (a, b) => {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
      return true;
    }
    if (Array.isArray(b)) return false;
    if (!isPlain(a) || !isPlain(b)) return original(a, b);
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(b, k) || !equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    }
    return true;
  };
  equal.code = original.code;
  return equal;
}

let installed = false;

/** Sets the safe equality in Ajv's runtime module, once. `runtime` is that module's exports. */
export function installSafeEqual(runtime: { default: Equal }): void {
  if (installed) return;
  installed = true;
  runtime.default = makeSafeEqual(runtime.default);
}
