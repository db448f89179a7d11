import { drawing } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useComposer } from './mj-store';
import { aspectChoices, type MjParams, type ParamField } from './params';

/** `--v 6.1` and `--niji 6` are one choice for the user: the model generation. */
const versionOptions = [
  ...drawing.mjVersions.map((v) => ({ value: `v:${v}`, label: `Midjourney ${v}` })),
  ...drawing.nijiVersions.map((v) => ({ value: `niji:${v}`, label: `Niji ${v}` })),
];

function Field(props: {
  /** Takes the panel's whole width (sliders need the room). */
  wide?: boolean;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${props.wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={props.htmlFor} className="text-xs font-medium text-white/70">
        {props.label}
        {props.hint ? <span className="ml-1 font-normal text-white/55">{props.hint}</span> : null}
      </label>
      {props.children}
      {props.error ? (
        <span role="alert" className="text-xs text-red-400">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/** A 0–max slider with a number box; cleared means "upstream default". */
function NumberSlider(props: {
  id: string;
  value: number | undefined;
  min: number;
  max: number;
  step?: number;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <Slider
        className="flex-1"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value ?? props.min}
        onChange={(v) => props.onChange(v)}
      />
      <InputNumber
        id={props.id}
        className="!w-24"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value ?? null}
        onChange={(v) => props.onChange(v ?? undefined)}
      />
    </div>
  );
}

/**
 * The Midjourney parameters of the next drawing (spec: aspect, version/niji, style, stylize,
 * chaos, quality, seed, no, tile, image weight, reference weights, speed). Empty means the
 * upstream default.
 */
export function ParamsPanel(props: {
  errors: Partial<Record<ParamField, string>>;
  modes: readonly drawing.MjModel['modes'][number][];
  onSave: () => void;
  saving: boolean;
  canSave: boolean;
}) {
  const { t } = useTranslation();
  const params = useComposer((s) => s.params);
  const refs = useComposer((s) => s.refs);
  const set = useComposer((s) => s.setParams);
  const version = params.niji ? `niji:${params.niji}` : params.version ? `v:${params.version}` : '';
  const setVersion = (value: string) => {
    const [kind, v] = value.split(':');
    if (kind === 'niji') set({ niji: v as MjParams['niji'], version: undefined });
    else if (kind === 'v') set({ version: v as MjParams['version'], niji: undefined });
    else set({ version: undefined, niji: undefined });
  };
  const e = props.errors;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="mj-params">
      <div className="sm:col-span-2">
        <Field label={t('midjourney:params.aspect')} error={e.aspect}>
          <div
            className="flex flex-wrap gap-1"
            role="radiogroup"
            aria-label={t('midjourney:params.aspect')}
          >
            {['', ...aspectChoices].map((a) => {
              const on = (params.aspect ?? '') === a;
              return (
                <Button
                  key={a || 'auto'}
                  size="small"
                  role="radio"
                  aria-checked={on}
                  type={on ? 'primary' : 'default'}
                  onClick={() => set({ aspect: a || undefined })}
                >
                  {a || t('midjourney:params.auto')}
                </Button>
              );
            })}
          </div>
        </Field>
      </div>
      <Field
        label={t('midjourney:params.version')}
        error={e.version ?? e.niji}
        htmlFor="mj-version"
      >
        <Select
          id="mj-version"
          value={version}
          onChange={setVersion}
          options={[{ value: '', label: t('midjourney:params.default') }, ...versionOptions]}
        />
      </Field>
      <Field label={t('midjourney:params.style')} error={e.style} htmlFor="mj-style">
        <Select
          id="mj-style"
          value={params.style ?? ''}
          onChange={(v: string) => set({ style: (v || undefined) as MjParams['style'] })}
          options={[
            { value: '', label: t('midjourney:params.default') },
            { value: 'raw', label: t('midjourney:params.styles.raw') },
            { value: 'cute', label: t('midjourney:params.styles.cute') },
            { value: 'expressive', label: t('midjourney:params.styles.expressive') },
            { value: 'original', label: t('midjourney:params.styles.original') },
            { value: 'scenic', label: t('midjourney:params.styles.scenic') },
          ]}
        />
      </Field>
      <Field
        wide
        label={t('midjourney:params.stylize')}
        hint="--s 0–1000"
        error={e.stylize}
        htmlFor="mj-stylize"
      >
        <NumberSlider
          id="mj-stylize"
          min={0}
          max={1000}
          value={params.stylize}
          onChange={(v) => set({ stylize: v })}
        />
      </Field>
      <Field
        wide
        label={t('midjourney:params.chaos')}
        hint="--c 0–100"
        error={e.chaos}
        htmlFor="mj-chaos"
      >
        <NumberSlider
          id="mj-chaos"
          min={0}
          max={100}
          value={params.chaos}
          onChange={(v) => set({ chaos: v })}
        />
      </Field>
      <Field
        label={t('midjourney:params.quality')}
        hint="--q"
        error={e.quality}
        htmlFor="mj-quality"
      >
        <Select
          id="mj-quality"
          value={params.quality === undefined ? '' : String(params.quality)}
          onChange={(v: string) =>
            set({ quality: v ? (Number(v) as MjParams['quality']) : undefined })
          }
          options={[
            { value: '', label: t('midjourney:params.default') },
            ...drawing.mjQualities.map((q) => ({ value: String(q), label: String(q) })),
          ]}
        />
      </Field>
      <Field label={t('midjourney:params.seed')} hint="--seed" error={e.seed} htmlFor="mj-seed">
        <InputNumber
          id="mj-seed"
          className="!w-full"
          min={0}
          max={4_294_967_295}
          precision={0}
          placeholder={t('midjourney:params.random')}
          value={params.seed ?? null}
          onChange={(v) => set({ seed: v ?? undefined })}
        />
      </Field>
      <Field label={t('midjourney:params.no')} hint="--no" error={e.no} htmlFor="mj-no">
        <Input
          id="mj-no"
          maxLength={300}
          placeholder={t('midjourney:params.noPlaceholder')}
          value={params.no ?? ''}
          onChange={(ev) => set({ no: ev.target.value || undefined })}
        />
      </Field>
      <Field label={t('midjourney:params.tile')} hint="--tile" error={e.tile} htmlFor="mj-tile">
        <Switch
          id="mj-tile"
          className="self-start"
          checked={!!params.tile}
          onChange={(v) => set({ tile: v || undefined })}
        />
      </Field>
      {props.modes.length > 0 ? (
        <Field label={t('midjourney:params.mode')} error={e.mode}>
          <Segmented
            size="small"
            value={params.mode ?? ''}
            onChange={(v) => set({ mode: ((v as string) || undefined) as MjParams['mode'] })}
            options={[
              { value: '', label: t('midjourney:params.default') },
              ...props.modes.map((m) => ({ value: m, label: m })),
            ]}
          />
        </Field>
      ) : null}
      {refs.imageUrls.length > 0 ? (
        <Field
          wide
          label={t('midjourney:params.imageWeight')}
          hint="--iw 0–3"
          error={e.imageWeight}
          htmlFor="mj-iw"
        >
          <NumberSlider
            id="mj-iw"
            min={0}
            max={3}
            step={0.25}
            value={params.imageWeight}
            onChange={(v) => set({ imageWeight: v })}
          />
        </Field>
      ) : null}
      {refs.crefUrls.length > 0 ? (
        <Field
          wide
          label={t('midjourney:params.cw')}
          hint="--cw 0–100"
          error={e.cw}
          htmlFor="mj-cw"
        >
          <NumberSlider
            id="mj-cw"
            min={0}
            max={100}
            value={params.cw}
            onChange={(v) => set({ cw: v })}
          />
        </Field>
      ) : null}
      {refs.srefUrls.length > 0 ? (
        <Field
          wide
          label={t('midjourney:params.sw')}
          hint="--sw 0–1000"
          error={e.sw}
          htmlFor="mj-sw"
        >
          <NumberSlider
            id="mj-sw"
            min={0}
            max={1000}
            value={params.sw}
            onChange={(v) => set({ sw: v })}
          />
        </Field>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button
          size="small"
          onClick={props.onSave}
          loading={props.saving}
          disabled={!props.canSave}
        >
          {t('midjourney:params.save')}
        </Button>
        <Button size="small" type="text" onClick={() => useComposer.getState().replaceParams({})}>
          {t('midjourney:params.reset')}
        </Button>
      </div>
    </div>
  );
}
