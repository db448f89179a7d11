import { configure } from '@testing-library/react';

// findBy… and waitFor wait for what a test expects; on a busy machine a screen may take several
// seconds to get there. The limit guards against a hang only (docs/testing.md).
configure({ asyncUtilTimeout: 15_000 });
