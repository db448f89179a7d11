import { lazy, Suspense } from 'react';
import { loadLazyNamespaces } from '../i18n';
import { useShared } from '../stores/shared';

const Player = lazy(
  async () => (await Promise.all([import('../features/music/player'), loadLazyNamespaces()]))[0],
);

/**
 * The music player of every screen: nothing (and no code loaded) until a song is played; then
 * the player stays mounted in the layout, so the song keeps playing across screens.
 */
export function MusicPlayerHost() {
  const on = useShared((s) => s.musicPlayer !== null);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Player />
    </Suspense>
  );
}
