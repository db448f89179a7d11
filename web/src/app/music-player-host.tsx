import { lazy, Suspense } from 'react';
import { loadLazyNamespaces } from '../i18n';
import { useShared } from '../stores/shared';

const Player = lazy(async () => {
  const [{ default: Song }, { Themed }] = await Promise.all([
    import('../features/music/player'),
    import('../components/themed'),
    loadLazyNamespaces(),
  ]);
  return {
    default: function ThemedPlayer() {
      return (
        <Themed>
          <Song />
        </Themed>
      );
    },
  };
});

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
