import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { exportChatPng } from './export-png';

// The drawing itself needs a real canvas (proven in Chromium by the chat e2e); here it is
// replaced to check what happens around it: file names, downloads and the toasts.
const renderChatImages = vi.fn<(sheet: unknown) => Promise<Blob[]>>();
vi.mock('./export/render-images', () => ({ renderChatImages }));

const notices = { success: [] as string[], error: [] as string[] };
const downloads: string[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  notices.success = [];
  notices.error = [];
  downloads.length = 0;
  setNotifier({
    success: (text) => notices.success.push(text),
    error: (text) => notices.error.push(text),
    info: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  setNotifier(null);
});

const messages = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: '**Hello**' },
];
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('exportChatPng', () => {
  it('renders the whole conversation and downloads one file named after the chat', async () => {
    renderChatImages.mockResolvedValueOnce([png()]);
    await exportChatPng(messages, { title: 'My chat', fileName: 'my-chat', siteName: 'Atelier' });
    expect(renderChatImages).toHaveBeenLastCalledWith(
      expect.objectContaining({ messages, title: 'My chat', siteName: 'Atelier' }),
    );
    expect(downloads).toEqual(['my-chat.png']);
    expect(notices).toEqual({ success: ['Exported'], error: [] });
  });

  it('numbers the files when the chat needed several pages', async () => {
    renderChatImages.mockResolvedValueOnce([png(), png(), png()]);
    vi.useFakeTimers();
    const done = exportChatPng(messages, { title: 't', fileName: 'long.png' });
    await vi.runAllTimersAsync();
    await done;
    expect(downloads).toEqual(['long-1.png', 'long-2.png', 'long-3.png']);
  });

  it('shows "Export Failed" and resolves when drawing fails', async () => {
    renderChatImages.mockRejectedValueOnce(new Error('canvas too large'));
    await expect(exportChatPng(messages, { title: 't', fileName: 'x' })).resolves.toBeUndefined();
    expect(downloads).toEqual([]);
    expect(notices).toEqual({ success: [], error: ['Export Failed'] });
  });
});
