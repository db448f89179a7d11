import { useTranslation } from 'react-i18next';
import type { video as V } from '@atelier/contracts';
import { Button } from '../../components/lite/lite';
import { useVideoDemos } from './video-api';

/** Example clips from `queryVideoDemo`, each with "make one like it". */
export function Examples(props: { onUse: (d: V.VideoDemo) => void }) {
  const { t } = useTranslation(['video']);
  const demos = useVideoDemos();
  if (!demos.data) return null;
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {demos.data.rows.map((d) => (
        <figure key={d.id} className="m-0 flex flex-col gap-1 rounded bg-white/5 p-2">
          <video
            src={d.videoUrl}
            poster={d.posterUrl}
            muted
            loop
            playsInline
            preload="none"
            controls
            className="w-full rounded"
          />
          <figcaption className="text-xs text-white/70">{d.title}</figcaption>
          <Button size="small" onClick={() => props.onUse(d)}>
            {t('video:useExample')}
          </Button>
        </figure>
      ))}
    </div>
  );
}
