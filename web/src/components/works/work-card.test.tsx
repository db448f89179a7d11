import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppSetting } from '../../stores/app-setting';
import { WorkCard } from './work-grid';
import type { Work } from './works-api';

const work = (isExample: boolean): Work => ({
  id: 7,
  kind: 'mj',
  action: 'imagine',
  status: 3,
  progress: 100,
  prompt: 'misty lake',
  params: {},
  parentId: null,
  files: [],
  cover: null,
  ...(isExample ? { isExample: true } : {}),
  media: 'image',
  title: 'Morning on the lake',
  description: '',
  tags: [],
  isPublic: true,
  hidden: false,
  hiddenReason: null,
  likeCount: 0,
  collectCount: 0,
  liked: false,
  collected: false,
  mine: false,
  author: { id: 2, name: 'Atelier examples', avatar: '' },
  error: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  publishedAt: '2026-11-28T09:00:00.000Z',
});

beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

describe('work card', () => {
  it('badges a seeded example, and only it', () => {
    render(<WorkCard work={work(true)} onOpen={() => {}} />);
    expect(screen.getByText('Example')).toBeTruthy();
    cleanup();
    render(<WorkCard work={work(false)} onOpen={() => {}} />);
    expect(screen.queryByText('Example')).toBeNull();
  });
});
