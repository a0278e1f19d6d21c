/**
 * Where a value (or its key) stands in a parsed YAML document, as a text offset, for messages at
 * file:line:column: the rule and sentence files' loader and the CLI's case.yaml reader ask the same
 * question. The `yaml` module is passed in, as for nameYamlKeys, so `@redouble/dialects/core` loads
 * no YAML parser until a file must be read.
 */
import type * as Yaml from 'yaml';

/** Offset of the node at `path` (or of its key), falling back to the deepest node that exists. */
export function yamlOffset(yaml: typeof Yaml, doc: Yaml.Document, path: readonly (string | number)[], atKey = false): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (yaml.isMap(node)) {
      const pair = node.items.find((p) => (yaml.isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
      if (!pair) return offset;
      if (last && atKey) return rangeStart(pair.key) ?? offset;
      node = pair.value;
      offset = rangeStart(node) ?? rangeStart(pair.key) ?? offset;
    } else if (yaml.isSeq(node) && typeof seg === 'number') {
      node = node.items[seg];
      if (node === undefined) return offset;
      offset = rangeStart(node) ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: unknown } | null | undefined)?.range;
  return Array.isArray(range) ? (range[0] as number) : undefined;
}
