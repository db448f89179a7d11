import { lazy, Suspense, useRef, useState } from 'react';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { useIsMobile } from '../../components/use-is-mobile';
import { LightComposer } from './light-composer';

/**
 * The composer's tools and the lists (antd and the rest of the screen): one chunk, fetched once
 * this screen runs, while the light prompt box already takes input.
 */
const parts = () => import('./midjourney-parts');
const ComposerArea = lazy(() => parts().then((m) => ({ default: m.ComposerArea })));
const ResultLists = lazy(() => parts().then((m) => ({ default: m.ResultLists })));

/**
 * `/Midjourney`, the desktop landing page: the composer (with the tools that draw from
 * pictures) beside the user's drawings and the galleries; under 640 px the composer comes
 * first and the lists follow. The prompt box draws first without antd (`LightComposer`).
 */
export default function MidjourneyScreen() {
  const [tab, setTab] = useState('results');
  const lists = useRef<HTMLDivElement>(null);
  const phone = useIsMobile();
  /** A queued drawing shows first in "My drawings": open that tab, and on a phone scroll to it. */
  const showNewDrawing = () => {
    setTab('results');
    if (!phone) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    lists.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  };
  return (
    <CreationScreen
      screen="midjourney"
      description="screens:midjourney"
      stickyComposer
      resultsRef={lists}
      composer={
        <Suspense fallback={<LightComposer />}>
          <ComposerArea onSubmitted={showNewDrawing} />
        </Suspense>
      }
      results={
        <Suspense fallback={null}>
          <ResultLists tab={tab} onTab={setTab} />
        </Suspense>
      }
    />
  );
}
