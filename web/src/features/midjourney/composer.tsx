import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import { Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Alert, Button, lazyThemed, PurpleTag, Select } from '../../components/lite/lite';
import { useRememberedParams, useUploadImage } from './mj-api';
import { PromptTools } from './prompt-tools';
import { useModels } from './mj-data';
import { useIsMobile } from '../../components/use-is-mobile';
import { useEarlyPrompt } from '../../lib/first-paint';
import { LIGHT_PROMPT_BOX, takePromptFocus } from './light-composer';
import { useRoutePrefill } from './prefill';
import { useComposer } from './mj-store';
import { cleanParams, paramsToFlags, rememberedParams } from './params';
import { ReferencePictures } from './reference-pictures';
import { Simulation } from './simulation';
import { refFlags, useComposerSubmit } from './use-composer-submit';

/** The parameters (sliders, switches, numbers): fetched when the visitor opens them. */
const ParamsPanel = lazyThemed(() => import('./params-panel').then((m) => m.ParamsPanel));

/**
 * The prompt composer: the prompt, translate and suggestions, reference pictures (drop, pick or
 * choose from one's results), the parameters (kept as defaults with saveUserParam), the price
 * and queue, and the submit. Problems show under the field they concern, in the user's language.
 * A phone gets texts for touch (no Ctrl+Enter, no dropping); `onSubmitted` runs once a drawing
 * is queued, so the screen can show it.
 */
export function Composer({ onSubmitted }: { onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const params = useComposer((s) => s.params);
  const model = useComposerModel();
  const remembered = useRememberedParams();
  // The market's "use" and draw the same arrive with every field to fill.
  useRoutePrefill();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const drop = useReferenceUpload();
  const form = useComposerSubmit(model?.id, () => {
    setSuggestions([]);
    onSubmitted?.();
  });

  // The remembered parameters fill an untouched composer once per identity.
  useEffect(() => {
    const saved = remembered.data;
    if (saved && Object.keys(useComposer.getState().params).length === 0)
      useComposer.getState().replaceParams(saved);
  }, [remembered.data]);

  const setPrompt = (value: string) => {
    useComposer.getState().setPrompt(value);
    if (form.promptError) form.setPromptError(null);
  };

  return (
    <form
      aria-label={t('midjourney:composer.title')}
      className={`flex flex-col gap-3 rounded-xl border bg-[#141419] p-3 sm:p-4 ${
        drop.dragOver ? 'border-violet-400' : 'border-white/5'
      }`}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
    >
      <ModelRow model={model} />
      <PromptField
        error={form.promptError}
        onChange={setPrompt}
        onSubmit={() => void form.submit()}
      />
      <SuggestionList
        suggestions={suggestions}
        onPick={(s) => {
          setPrompt(s);
          setSuggestions([]);
        }}
      />
      <PromptTools
        onPromptMissing={() => form.setPromptError(t('midjourney:composer.promptRequired'))}
        onSuggestions={setSuggestions}
        showParams={form.showParams}
        onToggleParams={() => form.setShowParams((v) => !v)}
      />

      <ReferencePictures onFiles={(files) => void drop.upload(files)} />

      {form.showParams ? (
        <div id="mj-params-panel" className="rounded-lg border border-white/5 bg-black/20 p-3">
          <Suspense fallback={null}>
            <ParamsPanel
              errors={form.paramErrors}
              modes={model?.modes ?? []}
              onSave={() => void form.saveParams()}
              saving={form.saving}
              canSave={Object.keys(rememberedParams(params)).length > 0 || !!remembered.data}
            />
          </Suspense>
        </div>
      ) : Object.keys(form.paramErrors).length > 0 ? (
        <Alert type="error" showIcon message={Object.values(form.paramErrors)[0]} />
      ) : null}

      <SubmitRow modelId={model?.id} sending={form.sending} />
    </form>
  );
}

/** A drawing model as the model list gives it. */
type MjModel = NonNullable<ReturnType<typeof useModels>['data']>[number];

/** The chosen model (the first one until the user picks), chosen for the store once loaded. */
function useComposerModel() {
  const modelId = useComposer((s) => s.modelId);
  const models = useModels();
  useEffect(() => {
    if (modelId === undefined && models.data?.[0])
      useComposer.getState().setModel(models.data[0].id);
  }, [modelId, models.data]);
  return models.data?.find((m) => m.id === modelId) ?? models.data?.[0];
}

/** Uploads dropped or picked pictures (five at most) as references, and the drop highlight. */
function useReferenceUpload() {
  const [dragOver, setDragOver] = useState(false);
  const uploading = useUploadImage();
  const upload = async (list: FileList | File[]) => {
    const pictures = [...list].slice(0, 5);
    for (const file of pictures) {
      const up = await uploading.mutateAsync(file).catch(() => null);
      if (up) useComposer.getState().addRef('imageUrls', { url: up.url, thumbUrl: up.thumbUrl });
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (event.dataTransfer.files.length > 0) void upload(event.dataTransfer.files);
  };
  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer.types.includes('Files')) {
      event.preventDefault();
      setDragOver(true);
    }
  };
  return { dragOver, upload, onDrop, onDragOver, onDragLeave: () => setDragOver(false) };
}

/** The model picker, with a mark on a demo model; nothing while no model is known. */
function ModelRow({ model }: { model: MjModel | undefined }) {
  const { t } = useTranslation();
  const models = useModels();
  if (!models.data || models.data.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="mj-model" className="text-xs text-white/60">
        {t('midjourney:composer.model')}
      </label>
      <Select
        id="mj-model"
        size="small"
        className="min-w-48 flex-1 sm:flex-none"
        value={model?.id}
        onChange={(id: number) => useComposer.getState().setModel(id)}
        options={models.data.map((m) => ({ value: m.id, label: m.name }))}
      />
      {model?.demo ? (
        <PurpleTag className="!m-0">{t('midjourney:composer.demoModel')}</PurpleTag>
      ) : null}
    </div>
  );
}

/** The prompt (Ctrl/Cmd+Enter submits), its problem, and the flags the parameters add. */
function PromptField({
  error,
  onChange,
  onSubmit,
}: {
  error: string | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const prompt = useComposer((s) => s.prompt);
  const params = useComposer((s) => s.params);
  const refs = useComposer((s) => s.refs);
  const flags = paramsToFlags(cleanParams({ ...params, ...refFlags(refs) }));
  const box = useRef<HTMLTextAreaElement>(null);
  // Typed into the light prompt box while this loaded: the focus and caret carry over.
  useEffect(() => takePromptFocus(box.current), []);
  // Typed into the server's first paint before the app had started: the text carries over too.
  useEarlyPrompt(
    'draw',
    () => box.current,
    (text) => useComposer.getState().setPrompt(text),
  );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="mj-prompt" className="sr-only">
        {t('midjourney:composer.prompt')}
      </label>
      {/* A plain textarea drawn as antd's (LIGHT_PROMPT_BOX), so the composer needs no antd. */}
      <textarea
        ref={box}
        id="mj-prompt"
        data-testid="mj-prompt"
        value={prompt}
        aria-invalid={!!error}
        aria-describedby={error ? 'mj-prompt-error' : undefined}
        rows={3}
        maxLength={4000}
        className={`${LIGHT_PROMPT_BOX}${error ? ' !border-[#dc4446]' : ''}`}
        placeholder={
          phone ? t('midjourney:composer.placeholderTouch') : t('midjourney:composer.placeholder')
        }
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      {error ? (
        <span id="mj-prompt-error" role="alert" className="text-xs text-red-400">
          {error}
        </span>
      ) : null}
      {flags ? <code className="text-xs break-all text-white/55">{flags}</code> : null}
    </div>
  );
}

/** The suggested prompts; picking one replaces the prompt. */
function SuggestionList({
  suggestions,
  onPick,
}: {
  suggestions: string[];
  onPick: (suggestion: string) => void;
}) {
  const { t } = useTranslation();
  if (suggestions.length === 0) return null;
  return (
    <ul
      className="m-0 flex list-none flex-col gap-1 p-0"
      aria-label={t('midjourney:composer.suggestions')}
    >
      {suggestions.map((s) => (
        <li key={s}>
          <button
            type="button"
            className="w-full cursor-pointer rounded-lg border border-white/10 bg-white/5 px-3 py-2 text-left text-sm text-white/80 hover:border-violet-400/60"
            onClick={() => onPick(s)}
          >
            {s}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The price and queue of the chosen model, and the submit button. */
function SubmitRow({ modelId, sending }: { modelId: number | undefined; sending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <Simulation modelId={modelId} />
      <Button
        type="primary"
        htmlType="submit"
        icon={<Glyph icon={SendOutlined} />}
        loading={sending}
        data-testid="mj-submit"
        className="sm:ml-auto"
      >
        {t('midjourney:composer.submit')}
      </Button>
    </div>
  );
}
