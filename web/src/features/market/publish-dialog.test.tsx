import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { PublishDialog } from './publish-dialog';

const file = (media: string, url: string) => ({
  url,
  thumbUrl: url,
  width: 10,
  height: 10,
  mime: media === 'audio' ? 'audio/mpeg' : media === 'video' ? 'video/mp4' : 'image/png',
  media,
});
const work = (id: number, kind: string, files: ReturnType<typeof file>[]) => ({
  id,
  kind,
  action: 'create',
  status: 3,
  progress: 100,
  prompt: `work ${id}`,
  params: {},
  parentId: null,
  files,
  cover: files[0] ?? null,
  media: files[0]?.media ?? 'image',
  title: '',
  description: '',
  tags: [],
  isPublic: false,
  hidden: false,
});

const answer = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeAll(() => loadLazyNamespaces());
beforeEach(() => {
  useAppSetting.setState({ language: 'en-US' });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/works/mine') {
        const rows = [
          work(3, 'music', [file('audio', '/a.mp3'), file('image', '/cover.jpg')]),
          work(2, 'video', [file('video', '/v.mp4')]),
          work(1, 'image', [file('image', '/d.png')]),
        ];
        return Promise.resolve(answer({ rows, count: rows.length }));
      }
      return Promise.resolve(answer({ rows: [], count: 0 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderDialog = (onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PublishDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

describe('publishing a prompt', () => {
  it('offers my works of every kind, a song by its cover', async () => {
    renderDialog();
    const picks = await screen.findAllByTestId('publish-task');
    expect(picks).toHaveLength(3);
    expect(picks[0]!.querySelector('img')!.getAttribute('src')).toBe('/cover.jpg');
    // Each pick names its kind, since a video's poster or a song's cover looks like a picture.
    const kinds = screen.getAllByTestId('publish-task-kind').map((k) => k.textContent);
    expect(kinds).toEqual(['Music', 'Video', 'DALL·E']);
  });

  it('names the kinds in Chinese', async () => {
    useAppSetting.setState({ language: 'zh-CN' });
    renderDialog();
    await screen.findAllByTestId('publish-task');
    const kinds = screen.getAllByTestId('publish-task-kind').map((k) => k.textContent);
    expect(kinds).toEqual(['音乐', '视频', 'DALL·E']);
  });

  it('Esc clears a tag being typed before it closes; closing a filled form asks first', async () => {
    const onClose = renderDialog();
    const tagInput = screen.getByTestId('publish-tags').querySelector('input')!;
    fireEvent.change(tagInput, { target: { value: 'sunset' } });
    expect(tagInput.value).toBe('sunset');
    fireEvent.keyDown(tagInput, { key: 'Escape' });
    expect(tagInput.value).toBe('');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('Give it a name'), {
      target: { value: 'My prompt' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Close without publishing?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
