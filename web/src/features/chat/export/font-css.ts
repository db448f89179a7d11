/** A `src` list: data URLs hold `;` and `,`, but never `)`. */
const SOURCES = /src:\s*((?:url\([^)]*\)\s*(?:format\([^)]*\))?\s*,?\s*)+)/g;
const SOURCE = /url\((["']?)([^)]*?)\1\)\s*format\((["'])([^)]*?)\3\)/g;

/**
 * Keeps only the woff2 source of each embedded `@font-face` (KaTeX lists woff2, woff and ttf),
 * so every page's image carries each font once. html-to-image's own `preferredFontFormat`
 * reuses a global regular expression across rules and drops every other rule's source, which
 * drew all formulas with KaTeX's bold faces.
 */
export function keepWoff2Sources(css: string): string {
  return css.replace(SOURCES, (declaration, sources: string) => {
    const woff2 = [...sources.matchAll(SOURCE)].find((m) => m[4] === 'woff2');
    return woff2 ? `src: url("${woff2[2]}") format("woff2")` : declaration;
  });
}
