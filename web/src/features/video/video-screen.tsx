import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { video as V } from '@atelier/contracts';
import { Tabs } from '../../components/lite/lite';
import { CreationScreen } from '../../components/tasks/creation-screen';
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
    <CreationScreen
      screen="video"
      description="screens:video"
      composer={<Composer form={form} setForm={setForm} />}
      results={
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
      }
    />
  );
}
