import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// findBy… and waitFor wait for what a test expects; on a busy machine a screen may take several
// seconds to get there. The limit guards against a hang only (docs/testing.md).
configure({ asyncUtilTimeout: 15_000 });

// The files of a worker share one page (src/test/fresh-page.ts): what a file left rendered is
// unmounted when it ends, so that none of its effects or requests runs into the next file.
afterAll(() => cleanup());
