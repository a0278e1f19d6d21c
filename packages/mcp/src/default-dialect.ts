import { DialectError, type DialectRegistry } from '@redouble/dialects';

/**
 * The dialect a request that names none is answered in. The rule files decide, not this code:
 * it is the one dialect that is the identity by the rule format's own definition (no rules, and
 * every keyword no rule mentions kept), so it gives schemas back as their authors wrote them.
 */
export function defaultDialectName(registry: DialectRegistry): string {
  const identities = new Set<string>();
  for (const info of registry.list()) {
    const { resolved } = registry.get(info.id);
    if (resolved.rules.length === 0 && resolved.otherKeywords === 'keep') identities.add(info.name);
  }
  if (identities.size !== 1) {
    throw new DialectError(
      'invalid-option',
      identities.size === 0
        ? 'No loaded dialect is the identity (no rules, otherKeywords: keep), so there is no default dialect: pass the defaultDialect option.'
        : `Several dialects are the identity (${[...identities].join(', ')}): pass the defaultDialect option.`,
    );
  }
  return [...identities][0]!;
}
