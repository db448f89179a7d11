import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contractsRuntime } from './build/contracts-runtime';
import { routePreload } from './build/route-preload';

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

/** Writes `/version.json` (docs/product.md §3: version, date, content1, content2, versionnew, versionold). */
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

/** Text files worth compressing; pictures and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map|wasm)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text
 * file of at least 1 KB in the build, when smaller than the file; the server sends the one
 * the browser accepts (server/src/http/web.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (statSync(file).isDirectory()) visit(file);
          else if (COMPRESSIBLE.test(name)) compressFile(file);
        }
      };
      visit(outDir);
    },
  };
}

function compressFile(file: string): void {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) return;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
}

/**
 * Chunks grouped so a screen is a handful of files rather than dozens of small ones (on a
 * phone link each extra file of a waterfall costs a round trip, and brotli packs one large
 * file better than ten small ones), while code only some screens use stays out of the others:
 * - `notice`: the notice dialog, its call and the light markdown (the start-up shows them);
 * - `midjourney-screen`: the drawing screen's first paint (its light prompt box);
 * - `app`: everything the entry needs before any screen (React, the router, the shell);
 * - `ui`: the antd components and their helpers that many screens share;
 * - `shared`: the app's own modules (API client, contracts, stores, components) that many
 *   screens share.
 * What fewer screens share stays in rolldown's automatic chunks, next to its screens.
 */
const SHARED_BY = 8;
const ANTD =
  /node_modules[\\/](antd|rc-[^\\/]+|@rc-component|@ant-design|@babel|classnames|@emotion|stylis|dayjs|throttle-debounce|copy-to-clipboard|toggle-selection|compute-scroll-into-view|scroll-into-view-if-needed|resize-observer-polyfill|json2mq|string-convert)[\\/]/;
const ICON_DRAWINGS = /node_modules[\\/]@ant-design[\\/]icons-svg[\\/]/;
const CONTROLS =
  /node_modules[\\/](antd[\\/]es[\\/](alert|tag|tabs)[\\/]|rc-(menu|dropdown|tabs)[\\/])/;
const PARAMS =
  /node_modules[\\/](antd[\\/]es[\\/](slider|input-number|progress|segmented|switch)[\\/]|rc-(slider|input-number|progress|segmented|switch)[\\/]|@rc-component[\\/]mini-decimal[\\/])/;
const DIALOGS =
  /node_modules[\\/](antd[\\/]es[\\/](modal|checkbox|watermark|drawer)[\\/]|rc-(dialog|checkbox|drawer)[\\/]|compute-scroll-into-view|scroll-into-view-if-needed)/;
const chunkGroups = [
  // The start-up (`app/start`, with the contracts) and what it shows on a first visit besides
  // the screen: the notices (their call, the dialog, the light markdown): one file, not six.
  // Below `app`, so what the entry needs stays in the entry (a group takes its modules'
  // dependencies along).
  {
    name: 'notice',
    test: /web[\\/]src[\\/](app[\\/]start|features[\\/]site-dialogs[\\/](notice-dialog|notice-hidden|plain-modal|site-text|sites-api)|components[\\/]markdown[\\/](light-markdown|markdown-base))\./,
    priority: 2.5,
  },
  // The drawing screen's first paint (the screen, its light prompt box and the composer's
  // store, which its lazy parts and a few dialogs share too): one file, not three.
  {
    name: 'midjourney-screen',
    test: /web[\\/]src[\\/]features[\\/]midjourney[\\/](midjourney-screen|light-composer|mj-store)\./,
    priority: 2.5,
    // Without what they import (the screen header, the creation screen's frame): other screens
    // draw those too, and fetched this file for them.
    includeDependenciesRecursively: false,
  },
  // The rest of the drawing screen (its composer's tools, the lists, their calls, which its
  // dialogs share): one file, fetched with `midjourney-parts` once the light prompt box is
  // there. Without the dependencies: what other screens share stays in their groups.
  {
    name: 'midjourney-lists',
    test: /web[\\/]src[\\/]features[\\/]midjourney[\\/](?!dialogs|midjourney-screen|midjourney-parts|light-composer|mj-store|params-panel|task-card|task-labels|source-pictures|mj-video-action|galleries)[^\\/]+\./,
    priority: 0.5,
    includeDependenciesRecursively: false,
  },
  // The first views of /mind and /market, drawn without antd (docs/web.md, "First view without
  // antd"): the screen's own modules that its lazy parts (the map, the history drawer, the
  // publish dialog) share too, in the screen's file rather than three more of 2 KB each
  // (without dependencies, as above).
  {
    name: 'mind-screen',
    test: /web[\\/]src[\\/]features[\\/]mind[\\/](mind-screen|mind-prompt-form|mind-history|outline|use-mind-outline|use-mind-generation|mind-api)\./,
    priority: 0.5,
    includeDependenciesRecursively: false,
  },
  {
    name: 'market-screen',
    test: /web[\\/]src[\\/]features[\\/]market[\\/](market-screen|market-api|use-market|prompt-card|kind-tag|composers)\./,
    priority: 0.5,
    includeDependenciesRecursively: false,
  },
  // The pictures of a list (lazily shown) and the viewer they open: the screens of pictures
  // use both, in one file (without dependencies, as above).
  {
    name: 'pictures',
    test: /web[\\/]src[\\/](components[\\/](lazy-image|image-viewer|zoom)|lib[\\/]throttle)\./,
    priority: 0.5,
    includeDependenciesRecursively: false,
  },
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  // The icons' drawings that several screens share (what `Glyph` draws, and antd's icons draw
  // too): one file of their own, above `ui`, so a light view that draws one (docs/web.md,
  // "First view without antd") never fetches antd's chunk, or a dialog's, for it.
  { name: 'glyphs', test: ICON_DRAWINGS, minShareCount: 2, priority: 2.95 },
  {
    name: 'ui',
    // Without the icons' drawings (`@ant-design/icons-svg`): the light views draw them with
    // `Glyph` and must not fetch antd's chunk for one (they are copied, `INLINE_SAFE`).
    test: (id: string) =>
      ANTD.test(id) &&
      !ICON_DRAWINGS.test(id) &&
      !CONTROLS.test(id) &&
      !PARAMS.test(id) &&
      !DIALOGS.test(id),
    minShareCount: SHARED_BY,
    priority: 2,
  },
  // The shared antd the drawing screen draws at once and /Chat does not (tabs and their
  // overflow menu, tags, alerts), what it draws later (its parameters panel and task cards,
  // both lazy: sliders, numbers, switches, progress), and what /Chat needs and the drawing
  // screen does not (modal dialogs, drawer): each a file of its own, so no screen fetches
  // another's. Below `ui`, which keeps their dependencies.
  {
    name: 'ui-controls',
    test: CONTROLS,
    minShareCount: 3,
    priority: 1.98,
  },
  {
    name: 'ui-params',
    test: PARAMS,
    minShareCount: 3,
    priority: 1.975,
  },
  {
    name: 'ui-dialogs',
    test: DIALOGS,
    minShareCount: 3,
    priority: 1.97,
  },
  // antd's theme for the lazily loaded units (`components/themed`, its dark algorithm): one
  // small file that `build/route-preload.ts` preloads with every screen rendered in it.
  {
    name: 'themed',
    test: /web[\\/]src[\\/](components[\\/]themed|lib[\\/]accent)\.|node_modules[\\/](antd[\\/]es[\\/](theme|locale[\\/]en_US)|rc-pagination[\\/]es[\\/]locale|rc-picker[\\/]es[\\/]locale)[\\/.]/,
    priority: 1.9,
  },
  // The stand-ins of the form controls and status marks (`components/lite/lite-forms`) are
  // shared by the creation screens' forms, not by `/Chat` or the landing: a file of their own,
  // so `shared`, which every screen fetches, does not carry them.
  {
    name: 'lite-forms',
    test: /web[\\/]src[\\/]components[\\/]lite[\\/](lite-forms|lite-controls|lite-controls-shared|lite-number|lite-status|lite-media|lite-more)\./,
    minShareCount: 2,
    priority: 1.5,
    // Without `lite-core` and the other stand-ins they use: those stay where `/Chat` has them.
    includeDependenciesRecursively: false,
  },
  {
    name: 'shared',
    test: /(web[\\/]src|contracts[\\/]src|node_modules[\\/](zod|@tanstack|zustand))[\\/]/,
    minShareCount: SHARED_BY,
    priority: 1,
  },
];

/**
 * Modules a small shared chunk may be copied into each of its importers for (no module-level
 * state: a store, a cache, a listener set would split in two): the icons and pure helpers and
 * components. A new entry must stay that way; a module with state never goes here.
 */
const INLINE_SAFE =
  /@ant-design[\\/]icons(-svg)?[\\/]|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutationState\.|web[\\/]src[\\/](components[\\/](model-price|app-cover|image-viewer|zoom|markdown[\\/](answer-image|copy-text))|lib[\\/](texts|throttle)|api[\\/]chat-models|stores[\\/]settings-storage|features[\\/]chat[\\/]export[\\/]page-plan)\./;

export default defineConfig({
  plugins: [
    contractsRuntime(fileURLToPath(new URL('..', import.meta.url))),
    react(),
    tailwindcss(),
    versionFile(),
    routePreload(fileURLToPath(new URL('.', import.meta.url))),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // Needed to inline the small icon chunks (below) into the screens that use them.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: chunkGroups,
          // An icon or a small helper two screens share would otherwise be a 1–2 KB file of its
          // own (a round trip each on a slow link; /Chat had nine): each screen gets its copy
          // instead. Only modules that hold no state a copy could split (`INLINE_SAFE`).
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: (id: string) => !INLINE_SAFE.test(id),
          },
        },
      },
    },
  },
});
