import fs from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Fails the run when the e2e server answered 500 or more, or logged a line of level 50 (error)
 * or more, while no test that was running at that moment declared it with
 * `expectServerErrors()` (support/index.ts). The server's whole log is in E2E_SERVER_LOG
 * (scripts/e2e-server.mjs); each line's time is matched against the tests' start and end, since
 * several workers run at once (docs/testing.md).
 */

interface Span {
  title: string;
  start: number;
  end: number;
  expected: boolean;
}

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  res?: { statusCode?: number };
  req?: { method?: string; url?: string };
}

/** Lines are judged by the tests running within this margin of them (a late answer). */
const MARGIN_MS = 2000;
export const SERVER_ERRORS_ANNOTATION = 'server-errors';

export default class ServerLogReporter implements Reporter {
  private readonly spans: Span[] = [];
  private readonly file = process.env.E2E_SERVER_LOG;
  /** Only what this run wrote counts: `npm test` runs Playwright twice on one log. */
  private readonly from = this.file && fs.existsSync(this.file) ? fs.statSync(this.file).size : 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = result.startTime.getTime();
    this.spans.push({
      title: `${test.location.file.split('/').pop()} › ${test.title}`,
      start,
      end: start + result.duration,
      expected: result.annotations
        .concat(test.annotations)
        .some((a) => a.type === SERVER_ERRORS_ANNOTATION),
    });
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (!this.file || !fs.existsSync(this.file)) return undefined;
    const text = fs.readFileSync(this.file).subarray(this.from).toString('utf8');
    const unexpected: string[] = [];
    for (const raw of text.split('\n')) {
      if (!raw.startsWith('{')) continue;
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        continue;
      }
      const status = line.res?.statusCode ?? 0;
      if ((line.level ?? 0) < 50 && status < 500) continue;
      const time = line.time ?? 0;
      const running = this.spans.filter(
        (s) => time >= s.start - MARGIN_MS && time <= s.end + MARGIN_MS,
      );
      if (running.some((s) => s.expected)) continue;
      const what =
        status >= 500
          ? `${status} ${line.req?.method ?? ''} ${line.req?.url ?? ''}`.trim()
          : raw.slice(0, 600);
      const who = running.length ? running.map((s) => s.title).join('; ') : 'no test running';
      unexpected.push(`  ${what}\n    during: ${who}`);
    }
    if (unexpected.length === 0) return undefined;
    process.stdout.write(
      `\nThe e2e server answered 5xx or logged at level ≥ 50 and no running test declared it ` +
        `with expectServerErrors() (docs/testing.md):\n${unexpected.slice(0, 20).join('\n')}\n` +
        (unexpected.length > 20 ? `  … and ${unexpected.length - 20} more\n` : ''),
    );
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }
}
