import { vi } from 'vitest';

/**
 * For screen tests: every request of the page answers one list (`{ rows, count }`) in the
 * server's envelope, as a list endpoint does.
 */
export function serveList(rows: unknown[]): void {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            code: 200,
            success: true,
            message: '',
            data: { rows, count: rows.length },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
}
