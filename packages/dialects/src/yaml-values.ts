/**
 * A YAML document as values, with its aliases capped. An alias stands for its anchor's node, so a
 * document of nested aliases ("billion laughs") stands for more values than any memory holds; the
 * yaml library refuses a document whose aliases expand past `maxAliasCount` (uses of an anchor
 * times the aliases inside it), with a message naming neither the anchor nor a place. Its default,
 * 100, also refused a plain schema reusing one small anchor 101 times; the cap here leaves that to
 * the size bounds the readers apply after it, and names the anchor and where it is used.
 */
import type * as Yaml from 'yaml';
import type { KeyPlace, KeyProblem } from './yaml-keys.js';

/** Alias expansions a document may hold (uses of an anchor times the aliases its node holds, per anchor). */
export const YAML_MAX_ALIAS_COUNT = 1000;

export type YamlValue = { readonly value: unknown } | { readonly problem: KeyProblem };

/** `doc` as values; a document whose aliases expand past the cap is a problem at its most used anchor's first alias. */
export function yamlValue(yaml: typeof Yaml, doc: Yaml.Document, place: (offset: number) => KeyPlace): YamlValue {
  try {
    // The library refuses at its cap (uses times aliases inside reaching it), so one more is passed.
    return { value: doc.toJS({ maxAliasCount: YAML_MAX_ALIAS_COUNT + 1 }) as unknown };
  } catch (e) {
    if (!(e instanceof ReferenceError) || !/alias/i.test(e.message)) throw e;
    const uses = new Map<string, { count: number; offset: number }>();
    yaml.visit(doc, {
      Alias(_, alias) {
        const u = uses.get(alias.source);
        if (u) u.count++;
        else uses.set(alias.source, { count: 1, offset: alias.range?.[0] ?? 0 });
      },
    });
    let name = '';
    let most = { count: 0, offset: 0 };
    for (const [n, u] of uses) if (u.count > most.count) [name, most] = [n, u];
    const message =
      `the aliases expand past ${YAML_MAX_ALIAS_COUNT} copies (*${name} is used ${most.count} times here and after), ` +
      'a guard against documents that stand for more values than memory holds; define the repeated schema once under $defs and point to it with $ref';
    return { problem: { ...place(most.offset), message } };
  }
}
