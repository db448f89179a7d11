import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { queryClient } from '../../api/query-client';
import { i18n, loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { Results } from './results';

/** A finished clip as the server lists it; `late`: it came after the time limit, charged 0. */
const clip = (id: number, late: boolean): V.VideoTask => ({
  id,
  status: TaskStatus.succeeded,
  progress: 100,
  action: 'generate',
  prompt: `clip ${id}`,
  params: {},
  video: {
    url: `/api/files/r/${id}.mp4`,
    posterUrl: `/api/files/r/${id}.webp`,
    width: 320,
    height: 240,
    mime: 'video/mp4',
    size: 1000,
  },
  duration: 2,
  upstreamStatus: 'completed',
  error: null,
  parentId: null,
  modelId: 1,
  modelName: 'Luma',
  demo: false,
  credits: late ? 0 : 7,
  lateResult: late,
  lateUntil: null,
  queuePosition: null,
  elapsedSeconds: 60,
  estimatedSeconds: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T11:00:00.000Z',
});

/** The page's calls: the models list, and the videos list for every other request. */
function serve(models: V.VideoModel[], list: V.VideoTask[]) {
  const rows = (r: unknown[]) =>
    new Response(
      JSON.stringify({ code: 200, success: true, message: '', data: { rows: r, count: r.length } }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input instanceof Request ? input.url : input).includes('/video/models')
        ? rows(models)
        : rows(list),
    ),
  );
}

const renderResults = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <Results onUseFrame={() => {}} />
    </QueryClientProvider>,
  );

const cardOf = async (id: number) =>
  (await screen.findAllByTestId('video-card')).find((c) => c.dataset.taskId === String(id))!;

beforeAll(() => loadLazyNamespaces());

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a clip that arrived after the time limit', () => {
  it.each([
    ['en-US', 'Arrived after the time limit — not charged'],
    ['zh-CN', '超时后才送达，未扣费'],
    ['zh-TW', '逾時後才送達，未扣費'],
  ] as const)('plays like any other and says it was not charged (%s)', async (lang, note) => {
    useAppSetting.setState({ language: lang });
    await i18n.changeLanguage(lang);
    useAuthStore.setState({ token: 'session' });
    serve([], [clip(2, true), clip(1, false)]);
    renderResults();
    const late = await cardOf(2);
    expect(within(late).getByTestId('video-late').textContent).toBe(note);
    expect(within(late).getByTestId('video-download')).toBeTruthy();
    const onTime = await cardOf(1);
    expect(within(onTime).queryByTestId('video-late')).toBeNull();
  });

  it('a clip that ran out of time says it may still come, free', async () => {
    useAppSetting.setState({ language: 'en-US' });
    await i18n.changeLanguage('en-US');
    useAuthStore.setState({ token: 'session' });
    const failed = (id: number, lateUntil: string | null): V.VideoTask => ({
      ...clip(id, false),
      status: TaskStatus.failed,
      video: null,
      credits: 0,
      error: 'The task took too long and was stopped; your credits were returned',
      lateUntil,
    });
    serve([], [failed(4, '2026-11-26T11:00:00.000Z'), failed(3, null)]);
    renderResults();
    expect(within(await cardOf(4)).getByTestId('video-late-watch').textContent).toBe(
      'If the clip still arrives, it will appear here at no charge',
    );
    expect(within(await cardOf(3)).queryByTestId('video-late-watch')).toBeNull();
  });
});

describe('extend is offered only where the model can continue a clip', () => {
  it('hides it for a model whose supports.extend is false', async () => {
    useAppSetting.setState({ language: 'en-US' });
    await i18n.changeLanguage('en-US');
    useAuthStore.setState({ token: 'session' });
    const model = (id: number, extend: boolean): V.VideoModel => ({
      id,
      name: `m${id}`,
      protocol: 'runway',
      demo: false,
      durations: [5],
      aspects: ['16:9'],
      supports: {
        text: true,
        firstFrame: true,
        lastFrame: false,
        extend,
        camera: false,
        motionBrush: false,
        anime: false,
      },
      options: { resolutions: [], cameraFixed: false, audio: false, references: 0 },
      prices: [],
      typicalSeconds: 60,
    });
    const rows = (r: unknown[]) =>
      new Response(
        JSON.stringify({
          code: 200,
          success: true,
          message: '',
          data: { rows: r, count: r.length },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input instanceof Request ? input.url : input).includes('/video/models')
          ? rows([model(1, true), model(2, false)])
          : rows([{ ...clip(5, false), modelId: 2 }, clip(6, false)]),
      ),
    );
    renderResults();
    const able = await cardOf(6);
    expect(await within(able).findByTestId('video-extend')).toBeTruthy();
    const unable = await cardOf(5);
    expect(within(unable).queryByTestId('video-extend')).toBeNull();
  });
});
