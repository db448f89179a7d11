import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { video as V } from '@atelier/contracts';
import { Button, lazyThemed, Select } from '../../components/lite/lite';
import {
  FieldInput,
  FieldTextArea,
  Segmented,
  Switch,
  Tag,
} from '../../components/lite/lite-forms';
import { FramePicker, References } from './frame-picker';
import type { BrushValue } from './motion-brush-dialog';
import { useSubmitVideo, useVideoModels, type Entry } from './video-api';
import { TaskCost } from '../../components/tasks/creation-screen';
import { EarlyPrompt } from '../../lib/first-paint';

export interface VideoForm {
  modelId?: number;
  prompt: string;
  negativePrompt?: string;
  firstFrame?: string;
  lastFrame?: string;
  /** Reference pictures (reference-to-video), for a model whose `options.references` > 0. */
  references?: string[];
  aspect: V.VideoAspect;
  duration: number;
  camera?: V.CameraPreset;
  anime: boolean;
  brush?: BrushValue;
  resolution?: V.VideoResolution;
  cameraFixed?: boolean;
  audio?: boolean;
}

/** The motion brush (antd's dialog) loads when it first opens. */
const MotionBrushDialog = lazyThemed(() =>
  import('./motion-brush-dialog').then((m) => m.MotionBrushDialog),
);

const DIRECTION_KEYS = {
  up: 'video:directions.up',
  down: 'video:directions.down',
  left: 'video:directions.left',
  right: 'video:directions.right',
} as const;

/** The first and last frames, and (for a model that takes them) the reference pictures. */
function Pictures(props: {
  model: V.VideoModel;
  form: VideoForm;
  set: (p: Partial<VideoForm>) => void;
}) {
  const { t } = useTranslation(['video']);
  const { model, set } = props;
  const f = props.form;
  return (
    <>
      <div className="flex flex-wrap gap-4">
        <FramePicker
          testId="video-first-frame"
          label={t('video:firstFrame')}
          value={f.firstFrame}
          onChange={(u) => set({ firstFrame: u })}
          {...(!model.supports.firstFrame
            ? { disabledReason: t('video:firstFrameUnsupported') }
            : {})}
        />
        <FramePicker
          testId="video-last-frame"
          label={t('video:lastFrame')}
          value={f.lastFrame}
          onChange={(u) => set({ lastFrame: u })}
          {...(!model.supports.lastFrame
            ? { disabledReason: t('video:lastFrameUnsupported') }
            : {})}
        />
      </div>
      {model.options.references > 0 && (
        <References
          max={model.options.references}
          value={f.references ?? []}
          onChange={(references) => set({ references })}
        />
      )}
    </>
  );
}

/** Aspect tiles, duration and camera preset, as the model offers them. */
function ShotFields(props: {
  model: V.VideoModel;
  form: VideoForm;
  duration: number;
  set: (p: Partial<VideoForm>) => void;
}) {
  const { t } = useTranslation(['video']);
  const { model, set, duration } = props;
  const f = props.form;
  return (
    <>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:negativePrompt')}</span>
        <FieldInput
          value={f.negativePrompt ?? ''}
          maxLength={1000}
          onChange={(e) => set({ negativePrompt: e.target.value || undefined })}
        />
      </label>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:aspect')}</span>
        <Segmented<V.VideoAspect>
          value={f.aspect}
          onChange={(a) => set({ aspect: a })}
          options={model.aspects.map((a) => ({ value: a, label: a }))}
        />
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:duration')}</span>
        <Segmented<number>
          value={duration}
          onChange={(d) => set({ duration: d })}
          options={model.durations.map((d) => ({ value: d, label: t('video:seconds', { n: d }) }))}
        />
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:camera')}</span>
        <Select<V.CameraPreset | ''>
          value={f.camera ?? ''}
          onChange={(c) => set({ camera: c || undefined })}
          options={[
            { value: '', label: t('video:cameraNone') },
            { value: 'static', label: t('video:cameras.static') },
            { value: 'zoom_in', label: t('video:cameras.zoom_in') },
            { value: 'zoom_out', label: t('video:cameras.zoom_out') },
            { value: 'pan_left', label: t('video:cameras.pan_left') },
            { value: 'pan_right', label: t('video:cameras.pan_right') },
            { value: 'tilt_up', label: t('video:cameras.tilt_up') },
            { value: 'tilt_down', label: t('video:cameras.tilt_down') },
            { value: 'orbit', label: t('video:cameras.orbit') },
          ]}
        />
      </label>
    </>
  );
}

/** Resolution, a still camera and sound: shown only for a model that takes them. */
function ModelOptions(props: {
  model: V.VideoModel;
  form: VideoForm;
  set: (p: Partial<VideoForm>) => void;
}) {
  const { t } = useTranslation(['video']);
  const { options } = props.model;
  const f = props.form;
  const resolution =
    f.resolution && options.resolutions.includes(f.resolution)
      ? f.resolution
      : options.resolutions[0];
  if (!options.resolutions.length && !options.cameraFixed && !options.audio) return null;
  return (
    <div className="flex flex-wrap items-end gap-4" data-testid="video-options">
      {resolution && (
        <div className="flex flex-col gap-1">
          <span className="text-xs text-white/60">{t('video:resolution')}</span>
          <Segmented<V.VideoResolution>
            value={resolution}
            onChange={(r) => props.set({ resolution: r })}
            options={options.resolutions.map((r) => ({ value: r, label: r }))}
          />
        </div>
      )}
      {options.cameraFixed && (
        <label className="flex items-center gap-2">
          <Switch
            aria-label={t('video:cameraFixed')}
            checked={!!f.cameraFixed}
            onChange={(v) => props.set({ cameraFixed: v })}
          />{' '}
          {t('video:cameraFixed')}
        </label>
      )}
      {options.audio && (
        <label className="flex items-center gap-2">
          <Switch
            aria-label={t('video:audio')}
            checked={f.audio ?? true}
            onChange={(v) => props.set({ audio: v })}
          />{' '}
          {t('video:audio')}
        </label>
      )}
    </div>
  );
}

/** The motion brush (disabled with a reason where the model has none) and the anime switch. */
function Extras(props: {
  model: V.VideoModel;
  form: VideoForm;
  set: (p: Partial<VideoForm>) => void;
}) {
  const { t } = useTranslation(['video']);
  const { model, set } = props;
  const f = props.form;
  const [brushOpen, setBrushOpen] = useState(false);
  // Mounted from its first opening on (antd's closing animation), never before it.
  const [brushShown, setBrushShown] = useState(false);
  const brushReason = !model.supports.motionBrush
    ? t('video:motionBrushUnsupported')
    : !f.firstFrame
      ? t('video:motionBrushNeedsFrame')
      : undefined;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!!brushReason}
          title={brushReason}
          onClick={() => {
            setBrushShown(true);
            setBrushOpen(true);
          }}
        >
          {t('video:motionBrush')}
        </Button>
        {brushReason && <span className="text-xs text-white/60">{brushReason}</span>}
        {f.brush && (
          <Tag>
            {t('video:brushSet', {
              direction: t(DIRECTION_KEYS[f.brush.direction]),
            })}
          </Tag>
        )}
        {model.supports.anime && (
          <label className="flex items-center gap-2">
            <Switch checked={f.anime} onChange={(v) => set({ anime: v })} /> {t('video:anime')}
          </label>
        )}
      </div>
      {f.firstFrame && brushShown && (
        <Suspense fallback={null}>
          <MotionBrushDialog
            open={brushOpen}
            frame={f.firstFrame}
            onClose={() => setBrushOpen(false)}
            onApply={(b) => {
              set({ brush: b });
              setBrushOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The options the model takes, as the form holds them (a model's first resolution by default). */
function modelOptions(model: V.VideoModel, f: VideoForm): Partial<V.VideoInput> {
  const o = model.options;
  const resolution =
    f.resolution && o.resolutions.includes(f.resolution) ? f.resolution : o.resolutions[0];
  return {
    ...(resolution ? { resolution } : {}),
    ...(o.cameraFixed && f.cameraFixed ? { cameraFixed: true } : {}),
    ...(o.audio ? { audio: f.audio ?? true } : {}),
  };
}

/** The form: it adapts to the chosen model (durations, aspects, what it supports). */
export function Composer(props: { form: VideoForm; setForm: (f: VideoForm) => void }) {
  const { t } = useTranslation(['video']);
  const models = useVideoModels();
  const submit = useSubmitVideo();
  const f = props.form;
  const set = (p: Partial<VideoForm>) => props.setForm({ ...f, ...p });
  const rows = models.data?.rows ?? [];
  const model = rows.find((m) => m.id === f.modelId) ?? rows[0];
  if (models.isError)
    return (
      <div role="alert">
        {t('video:loadFailed')}{' '}
        <Button onClick={() => void models.refetch()}>{t('video:retry')}</Button>
      </div>
    );
  if (models.isLoading) return <div aria-busy="true">…</div>;
  if (!model) return <div>{t('video:noModel')}</div>;
  // A frame picked for another model is left out where this one draws from words only.
  const firstFrame = model.supports.firstFrame ? f.firstFrame : undefined;
  const refs =
    model.options.references > 0 ? (f.references ?? []).slice(0, model.options.references) : [];
  const action: V.VideoAction = f.anime
    ? 'anime'
    : firstFrame && !refs.length
      ? 'image-to-video'
      : 'generate';
  const price = model.prices.find((p) => p.action === action) ?? model.prices[0];
  const duration = model.durations.includes(f.duration) ? f.duration : model.durations[0]!;
  const entry: Entry = f.anime
    ? 'anime'
    : firstFrame && !refs.length
      ? 'runwayPic'
      : model.protocol === 'pika'
        ? 'pikaVideo'
        : 'runwayVideo';
  const go = () =>
    submit.mutate({
      entry,
      body: {
        modelId: model.id,
        prompt: f.prompt,
        aspect: model.aspects.includes(f.aspect) ? f.aspect : model.aspects[0]!,
        duration,
        ...(f.negativePrompt ? { negativePrompt: f.negativePrompt } : {}),
        ...(refs.length
          ? { references: refs }
          : {
              ...(firstFrame ? { firstFrame } : {}),
              ...(f.lastFrame && model.supports.lastFrame ? { lastFrame: f.lastFrame } : {}),
            }),
        ...(f.camera ? { camera: f.camera } : {}),
        ...(f.brush && f.firstFrame && model.supports.motionBrush ? { motionBrush: f.brush } : {}),
        ...modelOptions(model, f),
      },
    });
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        go();
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:model')}</span>
        <Select
          value={model.id}
          onChange={(id: number) => set({ modelId: id })}
          options={rows.map((m) => ({
            value: m.id,
            label: (
              <span>
                {m.name} {m.demo && <Tag color="blue">{t('video:demoBadge')}</Tag>}
              </span>
            ),
          }))}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-white/60">{t('video:prompt')}</span>
        <FieldTextArea
          data-testid="video-prompt"
          value={f.prompt}
          maxLength={2000}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('video:promptPlaceholder')}
          onChange={(e) => set({ prompt: e.target.value })}
        />
        <EarlyPrompt
          screen="video"
          selector='textarea[data-testid="video-prompt"]'
          setText={(prompt) => set({ prompt })}
        />
      </label>
      <Pictures model={model} form={f} set={set} />
      <ShotFields model={model} form={f} duration={duration} set={set} />
      <ModelOptions model={model} form={f} set={set} />
      <Extras model={model} form={f} set={set} />
      {price && (
        <TaskCost
          testId="video-cost"
          className="text-sm"
          cost={t('video:cost', { credits: price.credits })}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={submit.isPending}
        data-testid="video-generate"
      >
        {t('video:generate')}
      </Button>
    </form>
  );
}
