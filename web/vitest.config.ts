import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  test: {
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        settings: {
          disableJavaScriptFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}', 'build/**/*.test.ts'],
    restoreMocks: true,
    // Loading antd, React and the other libraries took most of the suite's time when each file
    // loaded them again (76 CPU-s against 13 for all 291 tests, docs/testing.md). The files of a
    // worker share them, and one page: the app's own modules still load afresh for each file
    // (Vitest resets them), and src/test/fresh-page.ts empties what a page keeps.
    pool: 'threads',
    isolate: false,
    setupFiles: ['src/test/fresh-page.ts', 'src/test/i18n-ready.ts', 'src/test/setup.ts'],
    // Limits guard against a hang; on a busy machine a render may take several seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
