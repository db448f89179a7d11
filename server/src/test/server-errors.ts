import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * Server errors during the tests: every answer of status 500 or more and every log line of
 * level 50 (error) or more that an app of `createTestApp()` writes is recorded here, and the
 * test that was running fails unless it declared them with `expectServerErrors()` (see
 * docs/testing.md). A serialization slip or an unhandled throw cannot hide behind a test that
 * only looks at another part of the answer.
 *
 * Each Vitest worker runs one file at a time and its tests one after another, so "the test
 * running now" is well defined. A line written between two tests (a background task finishing
 * late) counts for the test before it; one written before the first test, for the file.
 */

/** One 5xx answer or one log line of level ≥ 50, as one readable line. */
export interface ServerIncident {
  kind: 'answer' | 'log';
  text: string;
}

type Matcher = RegExp | number;

interface Expectation {
  matchers: Matcher[];
}

let current: ServerIncident[] = [];
let expectation: Expectation | null = null;
/** What the last finished test declared: lines written after it ended are judged by it. */
let previous: Expectation | null = null;
let inTest = false;
const unexpectedOutside: ServerIncident[] = [];

function matches(incident: ServerIncident, e: Expectation): boolean {
  if (e.matchers.length === 0) return true;
  return e.matchers.some((m) =>
    typeof m === 'number'
      ? incident.text.startsWith(`${m} `) || incident.text.includes(`"status":${m}`)
      : m.test(incident.text),
  );
}

/** Called by the test harness for each 5xx answer and each log line of level ≥ 50. */
export function recordServerIncident(incident: ServerIncident): void {
  if (inTest) {
    current.push(incident);
    return;
  }
  if (previous && matches(incident, previous)) return;
  unexpectedOutside.push(incident);
}

/**
 * Declares that the running test causes server errors on purpose (a failing upstream, a
 * broken database, a crash it provokes). With no argument any is expected; otherwise each
 * one must match a status (`502`) or a pattern tested against its line (`/upstream/`).
 */
export function expectServerErrors(...matchers: Matcher[]): void {
  expectation = { matchers };
}

/** What the running test has recorded so far (for the check's own test). */
export function recordedServerIncidents(): ServerIncident[] {
  return [...current];
}

/** A log line of the app's logger; recorded when its level is 50 (error) or more. */
export function checkLogLine(line: string): void {
  let level = 0;
  try {
    level = Number((JSON.parse(line) as { level?: unknown }).level ?? 0);
  } catch {
    return;
  }
  if (level >= 50) recordServerIncident({ kind: 'log', text: line.slice(0, 2000) });
}

function describe(incidents: ServerIncident[]): string {
  const shown = incidents.slice(0, 8).map((i) => `  ${i.kind}: ${i.text.slice(0, 600)}`);
  if (incidents.length > shown.length)
    shown.push(`  … and ${incidents.length - shown.length} more`);
  return shown.join('\n');
}

/** Installs the per-test check; `src/test/setup.ts` calls it for every server test file. */
export function installServerErrorCheck(): void {
  beforeEach(() => {
    current = [];
    expectation = null;
    inTest = true;
  });
  afterEach(() => {
    inTest = false;
    const declared = expectation ?? { matchers: [] };
    const unexpected = expectation ? current.filter((i) => !matches(i, declared)) : current;
    previous = expectation;
    current = [];
    expectation = null;
    if (unexpected.length > 0) {
      throw new Error(
        `the server answered 5xx or logged at level ≥ 50 and the test did not declare it ` +
          `with expectServerErrors() (docs/testing.md):\n${describe(unexpected)}`,
      );
    }
  });
  afterAll(() => {
    if (unexpectedOutside.length === 0) return;
    const found = unexpectedOutside.splice(0);
    throw new Error(
      `the server answered 5xx or logged at level ≥ 50 outside any test (a beforeAll, or after ` +
        `a test that did not expect it):\n${describe(found)}`,
    );
  });
}
