import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UnlockOutlined from '@ant-design/icons-svg/es/asn/UnlockOutlined';
import { images } from '@atelier/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button, Select } from '../../components/lite/lite';
import { InputNumber, Segmented, Slider } from '../../components/lite/lite-forms';
import {
  AddPictures,
  ImageModelSelect,
  ImagePrompt,
  LIGHT_TEXT_AREA,
} from '../../components/tasks/image-composer-parts';
import { ImageCost, type ImageComposerProps } from '../../components/tasks/image-kind-screen';
import type { Sd3Form } from './sd3-form-state';

/** The upstream's own prompt strength, used while the user leaves the slider alone. */
const SD3_DEFAULT_CFG = 4;

export type Sd3ComposerProps = ImageComposerProps<Sd3Form>;

function Field(props: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-white/60">
      <span>{props.label}</span>
      {props.children}
    </div>
  );
}

/** One tile per aspect ratio, drawn in its shape. */
function AspectTiles({
  value,
  onChange,
}: {
  value: string;
  onChange: (v: Sd3Form['aspectRatio']) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('images:aspect')}
      className="grid grid-cols-5 gap-2 sm:grid-cols-9 lg:grid-cols-5"
    >
      {images.sd3Aspects.map((a) => {
        const [w, h] = a.split(':').map(Number) as [number, number];
        const k = 22 / Math.max(w, h);
        return (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={value === a}
            onClick={() => onChange(a)}
            className={`flex cursor-pointer flex-col items-center gap-1 rounded border p-1 text-[11px] ${
              value === a
                ? 'border-blue-400 bg-blue-500/20 text-white'
                : 'border-white/15 bg-transparent text-white/70'
            }`}
          >
            <span
              className="block rounded-sm border border-current"
              style={{ width: w * k, height: h * k }}
            />
            {a}
          </button>
        );
      })}
    </div>
  );
}

function InitImage({ form, set }: Pick<Sd3ComposerProps, 'form' | 'set'>) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('images:initImage')}>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {form.image && <img src={form.image} alt="" className="h-16 w-16 rounded object-cover" />}
          <AddPictures
            max={1}
            testId="init-input"
            onAdd={([url]) => {
              if (url) set({ image: url });
            }}
          />
        </div>
      </Field>
      <Field label={`${t('images:strength')} ${form.strength.toFixed(2)}`}>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={form.strength}
          onChange={(strength) => set({ strength })}
          ariaLabelForHandle={t('images:strength')}
        />
      </Field>
    </>
  );
}

function Seed({ form, set }: Pick<Sd3ComposerProps, 'form' | 'set'>) {
  const { t } = useTranslation();
  return (
    <Field label={t('images:seed')}>
      <div className="flex gap-2">
        <InputNumber
          className="flex-1"
          min={0}
          max={4294967294}
          precision={0}
          value={form.seed}
          placeholder={t('images:seedRandom')}
          onChange={(seed) => set({ seed: seed ?? null, seedLocked: seed !== null })}
          aria-label={t('images:seed')}
        />
        <Button
          icon={<Glyph icon={form.seedLocked ? LockOutlined : UnlockOutlined} />}
          type={form.seedLocked ? 'primary' : 'default'}
          aria-pressed={form.seedLocked}
          onClick={() => set({ seedLocked: !form.seedLocked })}
        >
          {t('images:seedLock')}
        </Button>
      </div>
    </Field>
  );
}

/** The /sd3 form: mode, aspect tiles, model, seed lock, negative prompt, cfg, style, init image. */
export function Sd3Composer(props: Sd3ComposerProps) {
  const { t } = useTranslation();
  const { model, form, set } = props;
  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => (e.preventDefault(), props.onSubmit())}>
      <Segmented
        block
        value={form.mode}
        onChange={(mode) => set({ mode: mode as Sd3Form['mode'] })}
        options={[
          { value: 'text-to-image', label: t('images:textToImage') },
          { value: 'image-to-image', label: t('images:imageToImage') },
        ]}
        aria-label={t('images:mode')}
      />
      <Field label={t('images:model')}>
        <ImageModelSelect
          models={props.models}
          model={model}
          onChange={(modelId) => set({ modelId })}
        />
      </Field>
      <Field label={t('images:prompt')}>
        <ImagePrompt
          value={form.prompt}
          onChange={(prompt) => set({ prompt })}
          maxLength={10000}
          testId="sd3-prompt"
          onSubmit={props.onSubmit}
          early="sd3"
        />
      </Field>
      <Field label={t('images:negative')}>
        <textarea
          value={form.negativePrompt}
          onChange={(e) => set({ negativePrompt: e.target.value })}
          placeholder={t('images:negativePlaceholder')}
          rows={1}
          className={`${LIGHT_TEXT_AREA} max-h-[98px] min-h-8`}
        />
      </Field>
      {form.mode === 'image-to-image' ? (
        <InitImage form={form} set={set} />
      ) : (
        <Field label={t('images:aspect')}>
          <AspectTiles value={form.aspectRatio} onChange={(aspectRatio) => set({ aspectRatio })} />
        </Field>
      )}
      <Seed form={form} set={set} />
      <Field
        label={`${t('images:cfg')} ${
          form.cfgScale ?? t('images:cfgDefault', { value: SD3_DEFAULT_CFG })
        }`}
      >
        <Slider
          min={1}
          max={10}
          step={0.5}
          value={form.cfgScale ?? SD3_DEFAULT_CFG}
          onChange={(cfgScale) => set({ cfgScale })}
          ariaLabelForHandle={t('images:cfg')}
        />
      </Field>
      <Field label={t('images:stylePreset')}>
        <Select
          value={form.stylePreset ?? ''}
          onChange={(v: string) => set({ stylePreset: (v || null) as Sd3Form['stylePreset'] })}
          options={[
            { value: '', label: t('images:none') },
            ...images.sd3StylePresets.map((s) => ({ value: s, label: s })),
          ]}
          aria-label={t('images:stylePreset')}
        />
      </Field>
      <ImageCost
        use="sd3"
        modelId={model?.id}
        action={form.mode === 'image-to-image' ? 'image-to-image' : 'generate'}
        n={1}
        testId="sd3-cost"
      />
      <Button
        type="primary"
        htmlType="submit"
        loading={props.submitting}
        disabled={!model || !form.prompt.trim() || (form.mode === 'image-to-image' && !form.image)}
        data-testid="sd3-submit"
      >
        {props.submitting ? t('images:submitting') : t('images:submit')}
      </Button>
    </form>
  );
}
