import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The screens routed `{ themed: false }` draw their first view without antd (docs/web.md,
 * "First view without antd"): no module they import at the top may import antd or
 * `@ant-design/icons` at the top (lazy parts load theirs with `import()`). A static import of
 * either brings antd's chunks back into their first page.
 */

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The screens router.tsx marks `{ themed: false }`, as `build/route-preload.ts` reads them. */
function lightScreens(): string[] {
  const router = readFileSync(resolve(src, 'app/router.tsx'), 'utf8');
  const route = /screen\(\s*'([^']+)',\s*(?:withTexts\()?\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  const found: string[] = [];
  for (const m of router.matchAll(route)) {
    const rest = router.slice(m.index + m[0].length).split(/\bscreen\(|\];/)[0]!;
    if (/themed:\s*false/.test(rest)) found.push(`${m[2]!.replace(/^\.\.\//, '')}.tsx`);
  }
  return [...new Set(found)];
}
const SCREENS = lightScreens();

/** What a module imports at the top (values, not types; not `import()`). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const statement =
    /^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm;
  for (const m of source.matchAll(statement)) {
    const specifier = m[2] ?? m[3];
    // `import { type A, type B } from` brings no value either.
    const names = m[1]?.match(/^\{([^}]*)\}$/s)?.[1];
    if (names && names.split(',').every((n) => /^\s*(type\s|$)/.test(n))) continue;
    if (specifier) found.push(specifier);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Every antd import reached from `entry` through static imports, with the module importing it. */
function antdReached(entry: string): string[] {
  const seen = new Set<string>();
  const reached: string[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (/^antd(\/|$)|^@ant-design\/icons(\/|$)/.test(specifier))
        reached.push(`${file.slice(src.length + 1)} → ${specifier}`);
      else if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next) walk(next);
      }
    }
  };
  walk(resolve(src, entry));
  return reached;
}

describe('the first views drawn without antd', () => {
  it('finds the light screens in the router', () => {
    expect(SCREENS).toEqual(
      expect.arrayContaining([
        'features/midjourney/midjourney-screen.tsx',
        'features/chat/chat-screen.tsx',
        'features/tools/tools-screen.tsx',
        'features/mind/mind-screen.tsx',
        'features/market/market-screen.tsx',
      ]),
    );
  });

  it.each(SCREENS)('%s imports no antd at the top, however deep', (screen) => {
    expect(antdReached(screen)).toEqual([]);
  });

  it('sees a static antd import (the check itself works)', () => {
    expect(staticImports("import Button from 'antd/es/button';\n")).toEqual(['antd/es/button']);
    expect(staticImports("import type { ButtonProps } from 'antd/es/button';\n")).toEqual([]);
    expect(staticImports("import { type A } from 'antd/es/button';\n")).toEqual([]);
    // A lazy part of the picture screens draws antd, two modules deep.
    expect(antdReached('components/image-result-viewer.tsx')).toContain(
      'components/image-viewer.tsx → antd/es/tooltip',
    );
  });
});
