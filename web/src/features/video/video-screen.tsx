import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { video as V } from '@atelier/contracts';
import { ScreenIcon } from '../../components/screen-icon';
import { readPrefill } from '../../lib/prefill';
import { Composer, type VideoForm } from './composer';
import { Examples } from './examples';
import { Results } from './results';

const EMPTY: VideoForm = { prompt: '', aspect: '16:9', duration: 5, anime: false };

/** Fills the form from "draw the same" / the market's "use": every field the task stored. */
function fromPrefill(state: unknown): VideoForm | null {
  const p = readPrefill(state);
  if (!p || (p.kind !== 'video' && p.kind !== 'chat')) return null;
  const q = p.params as Partial<V.VideoInput> & { motionBrush?: unknown };
  return {
    ...EMPTY,
    ...(p.modelId !== undefined ? { modelId: p.modelId } : {}),
    prompt: p.prompt,
    ...(p.negativePrompt ? { negativePrompt: p.negativePrompt } : {}),
    ...(q.firstFrame ? { firstFrame: q.firstFrame } : {}),
    ...(q.lastFrame ? { lastFrame: q.lastFrame } : {}),
    ...(q.aspect ? { aspect: q.aspect } : {}),
    ...(q.duration ? { duration: q.duration } : {}),
    ...(q.camera ? { camera: q.camera } : {}),
  };
}

/** `/video`: the form beside the user's videos and the examples; stacked on a phone. */
export default function VideoScreen() {
  const { t } = useTranslation(['video', 'menu', 'screens']);
  const location = useLocation();
  const [form, setForm] = useState<VideoForm>(() => fromPrefill(location.state) ?? EMPTY);
  const [tab, setTab] = useState('results');
  useEffect(() => {
    const p = fromPrefill(location.state);
    if (p) setForm(p);
  }, [location.state]);
  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[420px] lg:shrink-0">
        <header className="flex flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90">
            <ScreenIcon name="video" />
            {t('menu:video')}
          </h1>
          <p className="m-0 text-sm text-white/55">{t('screens:video')}</p>
        </header>
        <Composer form={form} setForm={setForm} />
      </div>
      <div className="min-w-0 flex-1">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'results',
              label: t('video:results'),
              children: <Results onUseFrame={(url) => setForm({ ...form, firstFrame: url })} />,
            },
            {
              key: 'examples',
              label: t('video:examples'),
              children: (
                <Examples
                  onUse={(d) =>
                    setForm({
                      ...form,
                      prompt: d.prompt,
                      aspect: d.params.aspect,
                      duration: d.params.duration,
                      camera: d.params.camera ?? undefined,
                    })
                  }
                />
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
