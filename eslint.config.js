import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Zone paths are read from the repository's root, wherever ESLint is started from. */
const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

// One zone per feature: a feature may import only itself (features never import each other,
// docs/architecture.md §8).
const featuresDir = 'web/src/features';
const features = foldersIn(featuresDir);
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message: 'A feature must not import another feature; move the shared part up.',
}));

// One zone per server module: another module is reached only through its index.ts, which
// says what the module offers; its other files are its own (docs/architecture.md §8).
const modulesDir = 'server/src/modules';
const serverModules = foldersIn(modulesDir);
const moduleZones = serverModules.map((name) => ({
  target: `./${modulesDir}/${name}`,
  from: serverModules.filter((other) => other !== name).map((other) => `./${modulesDir}/${other}`),
  except: ['./index.ts'],
  message: `Import another module only through its index.ts (add what ${name} needs to that module's exports).`,
}));

/**
 * Nothing is imported undeclared: a workspace's files may import what its package.json or the
 * root's declares (the root holds the shared tooling); tests, configs, e2e, bench and scripts
 * may also use devDependencies. scripts/check-deps.mjs checks the other way (nothing unused).
 */
const workspaces = ['contracts', 'server', 'web', 'e2e', 'bench'];
const devFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.setup.ts',
  '**/test/**',
  '**/*.config.{ts,js,mjs}',
  'e2e/**',
  'bench/**',
  'scripts/**',
  '*/scripts/**',
];
const dependencyRules = [
  ...workspaces.map((w) => ({
    files: [`${w}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: devFiles, packageDir: [path.join(root, w), root] },
      ],
    },
  })),
  {
    files: ['scripts/**/*.mjs', '*.{js,mjs}'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: true, packageDir: [root] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      '.test-reports/**',
      'coverage/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'server/tsconfig.json',
            'server/tsconfig.test.json',
            'contracts/tsconfig.json',
            'web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Import cycles: scripts/check-cycles.mjs, run by `npm run lint` (the same loops, found
      // in a second instead of two thirds of the lint's time).
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; shared code moves up (docs/architecture.md §8).
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            {
              target: [
                './web/src/components',
                './web/src/stores',
                './web/src/api',
                './web/src/lib',
                './web/src/i18n',
              ],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code must not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones }],
    },
  },
  {
    // One home per web call: a feature calls the server only from its api file(s)
    // (`<name>-api.ts`, or the older `<name>-data.ts`), where each call has its query key and hook.
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: [
      'web/src/features/**/*-api.ts',
      'web/src/features/**/*-data.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['api', 'apiData', 'apiStream'],
              message:
                "Call the server from the feature's api file (its -api.ts), with the query key and hook there.",
            },
            {
              group: ['**/api/upload'],
              message: "Upload from the feature's api file (its -api.ts), as a mutation.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...dependencyRules,
  {
    // Small files, small functions (docs/style.md, Size). Blank lines and comments do not count
    // in a function; the contracts are one schema per call and are exempt.
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A describe block is one function and reads best whole; test files keep the file limit.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Data, not logic: seed data, the locale texts, the offline demo painter's shapes, and
    // migrations (one schema step each).
    files: [
      'server/src/modules/*/seed-data.ts',
      'web/src/i18n/locales/**',
      'server/src/providers/image/demo-render.ts',
      'server/src/db/migrations/**',
    ],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
);
