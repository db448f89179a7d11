import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button, Select } from '../../components/lite/lite';
import { InputNumber, Segmented } from '../../components/lite/lite-forms';
import { MaskPainter } from '../../components/mask-painter';
import {
  AddPictures,
  ImageModelSelect,
  ImagePrompt,
} from '../../components/tasks/image-composer-parts';
import { ImageCost, type ImageComposerProps } from '../../components/tasks/image-kind-screen';
import { useChoiceLabels } from './choice-labels';
import type { DrawForm } from './draw-form-state';

export type ComposerProps = ImageComposerProps<DrawForm>;

function Field(props: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs text-white/60">
      {props.label}
      {props.children}
    </label>
  );
}

function References({ form, set, mask }: Pick<ComposerProps, 'form' | 'set'> & { mask: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <span className="text-xs text-white/60">{t('images:references')}</span>
      <div className="flex flex-wrap gap-2">
        {form.images.map((url) => (
          <div key={url} className="relative">
            <img src={url} alt="" className="h-16 w-16 rounded object-cover" />
            <Button
              size="small"
              shape="circle"
              className="!absolute -top-2 -right-2"
              aria-label={t('images:removeReference')}
              icon={<Glyph icon={DeleteOutlined} />}
              onClick={() => set({ images: form.images.filter((u) => u !== url), mask: null })}
            />
          </div>
        ))}
        {form.images.length < 4 && (
          <AddPictures
            max={4 - form.images.length}
            testId="reference-input"
            onAdd={(urls) => set({ images: [...form.images, ...urls].slice(0, 4) })}
          />
        )}
      </div>
      {mask && form.images[0] && (
        <MaskPainter
          src={form.images[0]}
          hint={t('images:mask')}
          convention="clear"
          onMask={(png) => void dataUrlOf(png).then((mask) => set({ mask }))}
        />
      )}
    </div>
  );
}

/**
 * The choices of FLUX, Gemini image, Seedream and Jimeng: an aspect ratio, a seed (all but
 * Gemini), a guidance scale (Seedream 3.0).
 */
function AspectAndSeed({
  model,
  form,
  set,
}: Pick<ComposerProps, 'form' | 'set'> & { model: NonNullable<ComposerProps['model']> }) {
  const { t } = useTranslation();
  return (
    <>
      {model.aspects.length > 0 && (
        <Field label={t('images:aspect')}>
          <Select
            value={form.aspectRatio ?? model.aspects[0]}
            onChange={(aspectRatio: string) => set({ aspectRatio })}
            options={model.aspects.map((v) => ({ value: v, label: v }))}
            aria-label={t('images:aspect')}
          />
        </Field>
      )}
      {model.seed && (
        <Field label={t('images:seed')}>
          <InputNumber
            className="!w-full"
            min={0}
            max={4294967294}
            precision={0}
            value={form.seed ?? null}
            placeholder={t('images:seedRandom')}
            onChange={(seed) => set({ seed: typeof seed === 'number' ? seed : null })}
            aria-label={t('images:seed')}
          />
        </Field>
      )}
      {model.guidance && (
        <Field label={t('images:guidance')}>
          <InputNumber
            className="!w-full"
            min={1}
            max={10}
            step={0.5}
            value={form.guidance ?? null}
            placeholder={t('images:guidanceDefault')}
            onChange={(g) => set({ guidance: typeof g === 'number' ? g : null })}
            aria-label={t('images:guidance')}
          />
        </Field>
      )}
    </>
  );
}

/**
 * The /draw form: model, prompt, size/quality/style or aspect ratio and seed per model, n,
 * references and (for the models that take one) a mask.
 */
export function DrawComposer(props: ComposerProps) {
  const { t } = useTranslation();
  const labels = useChoiceLabels();
  const { model, form, set } = props;
  const opts = (list: string[], label: (v: string) => string) =>
    list.map((v) => ({ value: v, label: label(v) }));
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
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
          maxLength={4000}
          testId="draw-prompt"
          onSubmit={props.onSubmit}
          early="dalle"
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {model && model.sizes.length > 0 && (
          <Field label={t('images:size')}>
            <Select
              value={form.size ?? model.sizes[0]}
              onChange={(size: string) => set({ size })}
              options={opts(model.sizes, labels.size)}
            />
          </Field>
        )}
        {model && model.qualities.length > 0 && (
          <Field label={t('images:quality')}>
            <Select
              value={form.quality ?? model.qualities[0]}
              onChange={(quality: string) => set({ quality })}
              options={opts(model.qualities, (v) => labels.quality[v] ?? v)}
            />
          </Field>
        )}
        {model && model.styles.length > 0 && (
          <Field label={t('images:style')}>
            <Select
              value={form.style ?? model.styles[0]}
              onChange={(style: string) => set({ style })}
              options={opts(model.styles, (v) => labels.style[v] ?? v)}
            />
          </Field>
        )}
        {model && <AspectAndSeed model={model} form={form} set={set} />}
        {model?.family === 'gpt-image' && (
          <Field label={t('images:background')}>
            <Select
              value={form.background ?? 'auto'}
              onChange={(background: string) => set({ background })}
              options={opts(['auto', 'transparent', 'opaque'], (v) => labels.background[v] ?? v)}
            />
          </Field>
        )}
      </div>
      {model && model.maxN > 1 && (
        <Field label={t('images:count')}>
          <Segmented
            value={Math.min(form.n, model.maxN)}
            onChange={(n) => set({ n: Number(n) })}
            options={Array.from({ length: model.maxN }, (_, i) => i + 1)}
          />
        </Field>
      )}
      {model?.edits ? (
        <References form={form} set={set} mask={model.mask} />
      ) : (
        <span className="text-xs text-white/60">{t('images:noEdits')}</span>
      )}
      <ImageCost
        use="draw"
        modelId={model?.id}
        action={model?.edits && form.images.length ? 'edit' : 'generate'}
        n={Math.min(form.n, model?.maxN ?? 1)}
        testId="draw-cost"
      />
      <Button
        type="primary"
        htmlType="submit"
        loading={props.submitting}
        disabled={!model || !form.prompt.trim()}
        data-testid="draw-submit"
      >
        {props.submitting ? t('images:submitting') : t('images:submit')}
      </Button>
    </form>
  );
}

/** A mask PNG as the data URL the DALL·E call carries (`maskBase64`). */
const dataUrlOf = (png: Blob | null): Promise<string | null> =>
  new Promise((resolve) => {
    if (!png) return resolve(null);
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(png);
  });
