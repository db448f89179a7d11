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
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    restoreMocks: true,
    setupFiles: ['src/test/i18n-ready.ts', 'src/test/setup.ts'],
    // Limits guard against a hang; on a busy machine a render may take several seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
