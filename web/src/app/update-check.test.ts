import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../stores/dialogs';
import { acceptUpdate, BUILT_VERSION, checkForUpdate, isNewer } from './update-check';

const serve = (body: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status })),
  );

beforeEach(() => {
  localStorage.clear();
  useDialogs.getState().close('update');
});
afterEach(() => vi.unstubAllGlobals());

describe('update prompt', () => {
  it('compares versions by their numbers', () => {
    expect(isNewer('0.1.10', '0.1.9')).toBe(true);
    expect(isNewer('0.1.9', '0.1.10')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0.20260101', '1.0.0')).toBe(true);
  });

  it('opens the dialog for a newer version file, once while it shows', async () => {
    serve({
      version: '999.0.0',
      date: '2026-11-22',
      content1: 'New',
      content2: '',
      versionnew: '',
      versionold: '',
    });
    await checkForUpdate();
    const state = useDialogs.getState();
    expect(state.flags.update).toBe(true);
    expect(state.props.update).toMatchObject({
      version: '999.0.0',
      versionnew: '999.0.0',
      content1: 'New',
    });
    expect(String(vi.mocked(fetch).mock.calls[0]![0])).toMatch(/^\/version\.json\?t=\d+$/);
    useDialogs.setState({ props: {} });
    await checkForUpdate();
    expect(useDialogs.getState().props.update).toBeUndefined();
  });

  it('stays quiet for the same version, a version already accepted and a failed check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({ version: BUILT_VERSION });
    await checkForUpdate();
    localStorage.setItem('version', '999.0.0');
    serve({ version: '999.0.0' });
    await checkForUpdate();
    serve('nope', 500);
    await checkForUpdate();
    expect(useDialogs.getState().flags.update).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('accepting stores the version and reloads', () => {
    const reload = vi.fn();
    acceptUpdate('2.0.0', reload);
    expect(localStorage.getItem('version')).toBe('2.0.0');
    expect(reload).toHaveBeenCalledOnce();
  });
});
