import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkMedia } from './work-media';

const song = {
  url: '/files/song.mp3',
  thumbUrl: '/files/song.mp3',
  width: 0,
  height: 0,
  mime: 'audio/mpeg',
  media: 'audio' as const,
};

afterEach(cleanup);

describe('a song in a work card', () => {
  it('shows its cover and, once the player knows it, its length on the cover', () => {
    render(<WorkMedia file={song} alt="Calm tonight" poster="/files/cover.png" />);
    const player = screen.getByLabelText('Calm tonight') as HTMLAudioElement;
    expect(player.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByTestId('work-audio-length')).toBeNull();
    Object.defineProperty(player, 'duration', { value: 25.4, configurable: true });
    fireEvent(player, new Event('durationchange'));
    expect(screen.getByTestId('work-audio-length').textContent).toBe('0:25');
  });

  it('shows no length while the file says none (a stream of unknown length)', () => {
    render(<WorkMedia file={song} alt="Live" />);
    const player = screen.getByLabelText('Live') as HTMLAudioElement;
    Object.defineProperty(player, 'duration', { value: Infinity, configurable: true });
    fireEvent(player, new Event('loadedmetadata'));
    expect(screen.queryByTestId('work-audio-length')).toBeNull();
  });
});
