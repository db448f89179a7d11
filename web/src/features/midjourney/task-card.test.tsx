import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type drawing as D } from '@atelier/contracts';
import { queryClient } from '../../api/query-client';
import { i18n, loadLazyNamespaces } from '../../i18n';
import { mjKeys } from './mj-data';
import { TaskCard } from './task-card';

/** A finished grid as the server lists it, with the buttons and remix it says the task has. */
const grid = (remix: boolean): D.DrawTask => ({
  id: 7,
  kind: 'mj',
  status: TaskStatus.succeeded,
  progress: 100,
  action: 'imagine',
  prompt: 'a plain fox',
  finalPrompt: 'a plain fox',
  params: {},
  images: [{ url: '/api/files/r/7.png', thumbUrl: '/api/files/r/7.webp', width: 64, height: 64 }],
  sources: [],
  // novicezk v2.6 gives none: these are the server's own, sent upstream as `change`.
  buttons: [
    ...[1, 2, 3, 4].map((i) => ({
      customId: `MJ::JOB::upsample::${i}::h`,
      label: `U${i}`,
      emoji: '',
    })),
    { customId: 'MJ::JOB::reroll::0::h::SOLO', label: '', emoji: '🔄' },
    ...[1, 2, 3, 4].map((i) => ({
      customId: `MJ::JOB::variation::${i}::h`,
      label: `V${i}`,
      emoji: '',
    })),
  ],
  remix,
  video: null,
  description: null,
  error: null,
  parentId: null,
  modelId: 1,
  modelName: 'novicezk',
  demo: false,
  credits: 5,
  queuePosition: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: '2026-11-28T10:01:00.000Z',
});

const show = (task: D.DrawTask) =>
  render(
    <QueryClientProvider client={queryClient}>
      <TaskCard task={task} onView={() => {}} />
    </QueryClientProvider>,
  );

const remix = () => i18n.t('midjourney:card.remix');

beforeAll(() => loadLazyNamespaces());

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('a drawing’s actions come from what the server says it can do', () => {
  it('shows U1–U4, V1–V4 and reroll of a proxy without buttons, and no remix', async () => {
    show(grid(false));
    const group = await screen.findByRole('group');
    for (const l of ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4'])
      expect(group.textContent).toContain(l);
    expect(screen.queryByRole('button', { name: remix() })).toBeNull();
  });

  it('offers remix when the server says its variations take a changed prompt', async () => {
    show(grid(true));
    expect(await screen.findByRole('button', { name: remix() })).toBeTruthy();
  });
});

describe('Midjourney video on a card', () => {
  /** The drawing models as the server lists them: model 1, making videos or not. */
  const models = (video: boolean): D.MjModel[] => [
    { id: 1, name: 'trueai', demo: false, vipOnly: false, prices: [], modes: [], video },
  ];
  const animate = () => new RegExp(i18n.t('midjourney:card.animate'));
  const extend = () => new RegExp(i18n.t('midjourney:card.extendVideo'));

  it('offers Animate under a finished picture only when its model makes videos', async () => {
    queryClient.setQueryData(mjKeys.models, models(false));
    show(grid(true));
    await screen.findByRole('group');
    expect(screen.queryByRole('button', { name: animate() })).toBeNull();
    cleanup();
    queryClient.setQueryData(mjKeys.models, models(true));
    show(grid(true));
    expect(await screen.findByRole('button', { name: animate() })).toBeTruthy();
    expect(screen.queryByRole('button', { name: extend() })).toBeNull();
  });

  it('plays a finished video with its poster and offers to extend it', async () => {
    queryClient.setQueryData(mjKeys.models, models(true));
    show({
      ...grid(true),
      action: 'video',
      images: [],
      buttons: [],
      video: { url: '/api/files/r/8.mp4', posterUrl: '/api/files/r/8-thumb.webp' },
    });
    const player = await screen.findByTestId('mj-video');
    expect(player.getAttribute('src')).toBe('/api/files/r/8.mp4');
    expect(player.getAttribute('poster')).toBe('/api/files/r/8-thumb.webp');
    expect(await screen.findByRole('button', { name: extend() })).toBeTruthy();
    expect(screen.queryByRole('button', { name: animate() })).toBeNull();
  });
});
