/**
 * The page `dialects new` writes into a rule file's sources for its author to replace: a rule file
 * must name the vendor page each rule follows, and this one names none. `dialects test` warns while
 * a dialect still cites it, so a version is not pinned and frozen citing no page at all.
 */
export const PLACEHOLDER_SOURCE_URL = 'https://example.com/replace-with-the-vendor-page';
