import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyToasts, notify, onFirstToast, setNotifier } from './notify';

describe('notify', () => {
  afterEach(() => {
    setNotifier(null);
    vi.useRealTimers();
  });

  it('shows a toast asked for before the shell installed its notifier, once it does', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    holdEarlyToasts();
    notify.error('Please sign in');
    const shown: string[] = [];
    setNotifier({ error: (m) => shown.push(m), info: () => {}, success: () => {} });
    expect(shown).toEqual(['Please sign in']);
    notify.error('again');
    expect(shown).toEqual(['Please sign in', 'again']);
  });

  it('asks for the message API on the first held toast only, and at once if one waits', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    holdEarlyToasts();
    const load = vi.fn();
    onFirstToast(load);
    expect(load).not.toHaveBeenCalled();
    notify.error('one');
    notify.error('two');
    expect(load).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    onFirstToast(late);
    expect(late).toHaveBeenCalledTimes(1);
    const shown: string[] = [];
    setNotifier({ error: (m) => shown.push(m), info: () => {}, success: () => {} });
    expect(shown).toEqual(['one', 'two']);
  });

  it('drops what waited too long, and what waited when no notifier comes', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.useFakeTimers();
    holdEarlyToasts();
    notify.info('stale');
    vi.advanceTimersByTime(11_000);
    notify.info('fresh');
    const shown: string[] = [];
    setNotifier({ error: () => {}, info: (m) => shown.push(m), success: () => {} });
    expect(shown).toEqual(['fresh']);
    setNotifier(null);
    holdEarlyToasts();
    notify.info('unseen');
    setNotifier(null);
    setNotifier({ error: () => {}, info: (m) => shown.push(m), success: () => {} });
    expect(shown).toEqual(['fresh']);
  });

  it('sends toasts to the console only when nothing holds them (tests, no app entry)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    notify.error('not kept');
    const shown: string[] = [];
    setNotifier({ error: (m) => shown.push(m), info: () => {}, success: () => {} });
    expect(shown).toEqual([]);
  });
});
