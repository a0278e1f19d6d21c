import { DIALECT_META_KEY, DIALECT_URL_PARAMETER } from './constants.js';

/** What the server announces about dialect selection, so a client needs no documentation. */
export interface DialectAdvertisement {
  [key: string]: unknown;
  key: string;
  urlParameter: string;
  default: string;
  accepted: string[];
}

export function dialectAdvertisement(defaultName: string, accepted: readonly string[]): DialectAdvertisement {
  return { key: DIALECT_META_KEY, urlParameter: DIALECT_URL_PARAMETER, default: defaultName, accepted: [...accepted] };
}

/**
 * The same settings object in both slots: `experimental` is the only one 2025-11-25 names,
 * `extensions` is where 2026-07-28 (SEP-2133) puts it; SDK 1.32 passes both through.
 * Separate copies, so a caller changing one never changes the other.
 */
export function dialectCapabilities(advertisement: DialectAdvertisement): {
  experimental: Record<string, DialectAdvertisement>;
  extensions: Record<string, DialectAdvertisement>;
} {
  return {
    experimental: { [DIALECT_META_KEY]: structuredClone(advertisement) },
    extensions: { [DIALECT_META_KEY]: structuredClone(advertisement) },
  };
}
