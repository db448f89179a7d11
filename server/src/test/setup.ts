import { installServerErrorCheck } from './server-errors.js';

// Every server test file: a 5xx answer or a log line of level ≥ 50 fails the test that caused
// it unless the test declared it with expectServerErrors() (docs/testing.md).
installServerErrorCheck();
