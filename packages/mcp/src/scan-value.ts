/** What one walk over a value finds: nesting past the bound first, then a value JSON has no form for, then whether JSON writes it otherwise than it stands. */
export enum Scan {
  Plain = 0,
  /** An object or array past the level limit. */
  Deep = 1,
  /** A value JSON has no form for: a BigInt, a function, a symbol, NaN or an infinity. */
  NotData = 2,
  /** Data JSON writes otherwise than it stands: a toJSON (a Date), an instance of a class, an undefined. */
  Rewritten = 3,
}

/**
 * One walk over values and their levels side by side, no object per node (the value itself is
 * level 1). Iterative, so no depth runs it out of stack; linear in the size of the value.
 */
export function scanValue(root: unknown, limit: number): Scan {
  if (root === null || typeof root !== 'object') return notData(root) !== undefined ? Scan.NotData : root === undefined ? Scan.Rewritten : Scan.Plain;
  let verdict = Scan.Plain;
  const values: object[] = [root];
  const levels: number[] = [1];
  while (values.length > 0) {
    const v = values.pop() as object;
    const level = levels.pop() as number;
    // Depth first of all verdicts: the nesting bound holds whatever else the value holds.
    if (level > limit) return Scan.Deep;
    // What it writes is its toJSON's answer, not its members (an array's too): its JSON form is judged instead.
    if (writesItself(v)) {
      if (verdict === Scan.Plain) verdict = Scan.Rewritten;
      continue;
    }
    const array = Array.isArray(v);
    if (!array) {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null && verdict === Scan.Plain) verdict = Scan.Rewritten;
    }
    const children = array ? v : Object.values(v);
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i];
      if (child === null) continue;
      const t = typeof child;
      if (t === 'object') {
        values.push(child as object);
        levels.push(level + 1);
      } else if (t === 'undefined') {
        if (verdict === Scan.Plain) verdict = Scan.Rewritten;
      } else if (notData(child) !== undefined) verdict = Scan.NotData;
    }
  }
  return verdict;
}

/** What a value is, where JSON has no such value; undefined for JSON data (and for what JSON rewrites). */
export function notData(v: unknown): string | undefined {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? undefined : String(v);
    case 'bigint':
      return 'a BigInt';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return undefined;
  }
}

/** An object JSON writes as its own toJSON says (a Date, or one with a toJSON of its own). */
export function writesItself(v: object): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === 'function';
}
