import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useShared } from '../../stores/shared';
import { usePlayback } from './playback';
import MusicPlayer from './player';

const song = (duration: number | null) => ({
  key: 'demo:1',
  title: 'Sea at night',
  audioUrl: '/api/music/demo/1.mp3',
  imageUrl: null,
  lrc: '',
  duration,
});

beforeAll(() => loadLazyNamespaces());
beforeEach(() => {
  useAppSetting.setState({ language: 'en-US' });
  usePlayback.setState({ time: 0, duration: 0, playing: false });
});
afterEach(() => {
  cleanup();
  useShared.setState({ musicPlayer: null });
});

describe('the music player', () => {
  it("shows the song's stored length before the audio element knows it", () => {
    useShared.setState({ musicPlayer: { list: [song(25)], index: 0 } });
    render(<MusicPlayer />);
    expect(screen.getByTestId('player-duration').textContent).toBe('0:25');
  });

  it('takes the length from durationchange (loadedmetadata may never reach it)', () => {
    useShared.setState({ musicPlayer: { list: [song(null)], index: 0 } });
    render(<MusicPlayer />);
    expect(screen.getByTestId('player-duration').textContent).toBe('0:00');
    const el = screen.getByTestId('music-audio');
    Object.defineProperty(el, 'duration', { configurable: true, value: 31.4 });
    act(() => {
      fireEvent.durationChange(el);
    });
    expect(screen.getByTestId('player-duration').textContent).toBe('0:31');
  });
});
