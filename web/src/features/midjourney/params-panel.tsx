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

type SliderKey = 'stylize' | 'chaos' | 'imageWeight' | 'cw' | 'sw';

/** One numeric parameter shown as a slider: its flag range and, for reference weights, the
 * pictures it weighs (the slider only shows when such pictures are attached). */
interface SliderSpec {
  key: SliderKey;
  id: string;
  /** The i18n key of its label. */
  label: string;
  hint: string;
  max: number;
  step?: number;
  needs?: 'imageUrls' | 'crefUrls' | 'srefUrls';
}

/** The sliders above the quality select. */
const mainSliders: readonly SliderSpec[] = [
  {
    key: 'stylize',
    id: 'mj-stylize',
    label: 'midjourney:params.stylize',
    hint: '--s 0–1000',
    max: 1000,
  },
  { key: 'chaos', id: 'mj-chaos', label: 'midjourney:params.chaos', hint: '--c 0–100', max: 100 },
];

/** The reference weights, after the mode. */
const referenceSliders: readonly SliderSpec[] = [
  {
    key: 'imageWeight',
    id: 'mj-iw',
    label: 'midjourney:params.imageWeight',
    hint: '--iw 0–3',
    max: 3,
    step: 0.25,
    needs: 'imageUrls',
  },
  {
    key: 'cw',
    id: 'mj-cw',
    label: 'midjourney:params.cw',
    hint: '--cw 0–100',
    max: 100,
    needs: 'crefUrls',
  },
  {
    key: 'sw',
    id: 'mj-sw',
    label: 'midjourney:params.sw',
    hint: '--sw 0–1000',
    max: 1000,
    needs: 'srefUrls',
  },
];

type Errors = Partial<Record<ParamField, string>>;

/** The sliders of `specs` whose pictures are attached, each a wide labelled field. */
function SliderFields(props: { specs: readonly SliderSpec[]; errors: Errors }) {
  const { t } = useTranslation();
  const params = useComposer((s) => s.params);
  const refs = useComposer((s) => s.refs);
  const set = useComposer((s) => s.setParams);
  return (
    <>
      {props.specs
        .filter((spec) => !spec.needs || refs[spec.needs].length > 0)
        .map((spec) => (
          <Field
            key={spec.key}
            wide
            label={t(spec.label)}
            hint={spec.hint}
            error={props.errors[spec.key]}
            htmlFor={spec.id}
          >
            <NumberSlider
              id={spec.id}
              min={0}
              max={spec.max}
              step={spec.step}
              value={params[spec.key]}
              onChange={(v) => set({ [spec.key]: v })}
            />
          </Field>
        ))}
    </>
  );
}

function AspectField(props: { error?: string }) {
  const { t } = useTranslation();
  const aspect = useComposer((s) => s.params.aspect);
  const set = useComposer((s) => s.setParams);
  return (
    <div className="sm:col-span-2">
      <Field label={t('midjourney:params.aspect')} error={props.error}>
        <div
          className="flex flex-wrap gap-1"
          role="radiogroup"
          aria-label={t('midjourney:params.aspect')}
        >
          {['', ...aspectChoices].map((a) => {
            const on = (aspect ?? '') === a;
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
  );
}

/** The model generation and the style. */
function ModelFields(props: { errors: Errors }) {
  const { t } = useTranslation();
  const params = useComposer((s) => s.params);
  const set = useComposer((s) => s.setParams);
  const e = props.errors;
  const version = params.niji ? `niji:${params.niji}` : params.version ? `v:${params.version}` : '';
  const setVersion = (value: string) => {
    const [kind, v] = value.split(':');
    if (kind === 'niji') set({ niji: v as MjParams['niji'], version: undefined });
    else if (kind === 'v') set({ version: v as MjParams['version'], niji: undefined });
    else set({ version: undefined, niji: undefined });
  };
  return (
    <>
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
    </>
  );
}

/** Quality, seed, excluded words, tile and (when the model has them) the speed modes. */
function DetailFields(props: {
  errors: Errors;
  modes: readonly drawing.MjModel['modes'][number][];
}) {
  const { t } = useTranslation();
  const params = useComposer((s) => s.params);
  const set = useComposer((s) => s.setParams);
  const e = props.errors;
  return (
    <>
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
    </>
  );
}

/**
 * The Midjourney parameters of the next drawing (spec: aspect, version/niji, style, stylize,
 * chaos, quality, seed, no, tile, image weight, reference weights, speed). Empty means the
 * upstream default.
 */
export function ParamsPanel(props: {
  errors: Errors;
  modes: readonly drawing.MjModel['modes'][number][];
  onSave: () => void;
  saving: boolean;
  canSave: boolean;
}) {
  const { t } = useTranslation();
  const e = props.errors;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="mj-params">
      <AspectField error={e.aspect} />
      <ModelFields errors={e} />
      <SliderFields specs={mainSliders} errors={e} />
      <DetailFields errors={e} modes={props.modes} />
      <SliderFields specs={referenceSliders} errors={e} />
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
