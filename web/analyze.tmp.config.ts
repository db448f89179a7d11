import base from './vite.config.ts';
import { writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
const plugins = [...(base.plugins ?? []), {
  name: 'dump',
  generateBundle(_o: unknown, bundle: Record<string, any>) {
    const out: any = {};
    for (const c of Object.values(bundle)) {
      if (c.type !== 'chunk') continue;
      out[c.fileName] = { br: brotliCompressSync(Buffer.from(c.code)).length, imports: c.imports, dyn: c.dynamicImports, modules: Object.fromEntries(Object.entries(c.modules).map(([k, v]: any) => [k, v.renderedLength])), code: Object.fromEntries(Object.entries(c.modules).map(([k, v]: any) => [k, v.code ?? ''])) };
    }
    writeFileSync('/tmp/perf-stats.json', JSON.stringify(out));
  },
}];
export default { ...base, root: '/work/wt/perf/web', plugins, build: { ...base.build, outDir: '/tmp/perf-dist', emptyOutDir: true } };
