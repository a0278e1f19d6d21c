/**
 * The keys of a YAML input as JSON object names. YAML allows what a JSON object cannot hold, and
 * the library would turn it into names the author never wrote: a null key into "", a collection
 * into "[ a, b ]" (with its own warning on stderr), a number or a boolean into JavaScript's
 * spelling of its value (`0x10` -> "16", `1.0` -> "1", `.inf` -> "Infinity"), an alias into its
 * target without the duplicate check a written key gets. So, before the document becomes values:
 * a scalar key is named by its text as written, an alias by the key it repeats, and a null or
 * collection key, or two keys of one map with the same name, are refused where they stand.
 */
import type * as Yaml from 'yaml';

/** Where a key stands: 1-based line and column. */
export interface KeyPlace {
  line: number;
  column: number;
}

export interface KeyProblem extends KeyPlace {
  /** What is wrong, with the place of the first of a name written twice. */
  message: string;
}

/**
 * Names every map key of `doc` in place; the first key that cannot be a name, or repeats one.
 * `place` turns an offset in the text into a line and column (each reader has its own counter).
 */
export function nameYamlKeys(yaml: typeof Yaml, doc: Yaml.Document, place: (offset: number) => KeyPlace): KeyProblem | undefined {
  let problem: KeyProblem | undefined;
  yaml.visit(doc, {
    Map(_, map) {
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        const written = pair.key;
        const offset = startOf(written) ?? startOf(pair.value) ?? 0;
        const key = yaml.isAlias(written) ? written.resolve(doc) : written;
        const name = nameOf(yaml, key);
        if (typeof name !== 'string') {
          problem = { ...place(offset), message: `a map key here is ${name.why}` };
          return yaml.visit.BREAK;
        }
        const first = seen.get(name);
        if (first !== undefined) {
          const at = place(first);
          problem = { ...place(offset), message: `the key ${JSON.stringify(name)} is written twice in this map; a JSON object holds one value per name (first at line ${at.line}, column ${at.column})` };
          return yaml.visit.BREAK;
        }
        seen.set(name, offset);
        // A scalar keeps its node (an anchor on it still resolves); an alias gives way to its name.
        if (yaml.isScalar(written)) written.value = name;
        else pair.key = new yaml.Scalar(name);
      }
      return undefined;
    },
  });
  return problem;
}

function startOf(node: unknown): number | undefined {
  return (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
}

function nameOf(yaml: typeof Yaml, key: unknown): string | { why: string } {
  if (key === null || key === undefined || (yaml.isScalar(key) && key.value === null)) {
    return { why: 'null (`null`, `~` or nothing), which no JSON object can hold; quote it if "null" is the name' };
  }
  if (yaml.isCollection(key)) return { why: 'a collection, and a JSON object key is a name' };
  if (!yaml.isScalar(key)) return { why: 'not a name' };
  if (typeof key.value === 'string') return key.value;
  // A number or boolean key: the name is what the author wrote (`0x10`, `1.0`), not its value.
  return key.source ?? String(key.value);
}
