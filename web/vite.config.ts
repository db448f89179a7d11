import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The build's version: `APP_VERSION` when set, else the package version plus the build time
 * (`0.1.0.202611221030`), so every deployment is newer than the one before.
 */
const builtAt = new Date();
const stamp = builtAt.toISOString().replace(/[-:T]/g, '').slice(0, 12);
const version = process.env.APP_VERSION || `${pkg.version}.${stamp}`;

/** Writes `/version.json` (spec section 3: version, date, content1, content2, versionnew, versionold). */
function versionFile(): Plugin {
  return {
    name: 'atelier-version-file',
    apply: 'build',
    generateBundle() {
      const file = {
        version,
        date: builtAt.toISOString().slice(0, 10),
        content1: process.env.APP_VERSION_CONTENT1 ?? '',
        content2: process.env.APP_VERSION_CONTENT2 ?? '',
        versionnew: version,
        versionold: process.env.APP_VERSION_OLD ?? '',
      };
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify(file, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', sourcemap: false },
});
