import {
  BulbOutlined,
  SendOutlined,
  SettingOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/notify';
import {
  useRememberedParams,
  useSaveParams,
  useSubmitDraw,
  useSuggestPrompts,
  useTranslatePrompt,
  useUploadImage,
} from './mj-api';
import { useModels } from './mj-data';
import { useIsMobile } from '../../components/use-is-mobile';
import { useComposer, type RefTarget } from './mj-store';
import { ParamsPanel } from './params-panel';
import {
  checkParams,
  cleanParams,
  fieldOfError,
  paramsToFlags,
  rememberedParams,
  withoutPanelFlags,
  type ParamField,
} from './params';
import { ReferencePictures } from './reference-pictures';
import { Simulation } from './simulation';

/**
 * The prompt composer: the prompt, translate and suggestions, reference pictures (drop, pick or
 * choose from one's results), the parameters (kept as defaults with saveUserParam), the price
 * and queue, and the submit. Problems show under the field they concern, in the user's language.
 * A phone gets texts for touch (no Ctrl+Enter, no dropping); `onSubmitted` runs once a drawing
 * is queued, so the screen can show it.
 */
export function Composer({ onSubmitted }: { onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const prompt = useComposer((s) => s.prompt);
  const params = useComposer((s) => s.params);
  const refs = useComposer((s) => s.refs);
  const modelId = useComposer((s) => s.modelId);
  const models = useModels();
  const model = models.data?.find((m) => m.id === modelId) ?? models.data?.[0];
  const [showParams, setShowParams] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [paramErrors, setParamErrors] = useState<Partial<Record<ParamField, string>>>({});
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const translation = useTranslatePrompt();
  const suggestion = useSuggestPrompts();
  const saving = useSaveParams();
  const sending = useSubmitDraw();
  const uploading = useUploadImage();

  useEffect(() => {
    if (modelId === undefined && models.data?.[0])
      useComposer.getState().setModel(models.data[0].id);
  }, [modelId, models.data]);

  // The remembered parameters fill an untouched composer once per identity.
  const remembered = useRememberedParams();
  useEffect(() => {
    const saved = remembered.data;
    if (saved && Object.keys(useComposer.getState().params).length === 0)
      useComposer.getState().replaceParams(saved);
  }, [remembered.data]);

  const setPrompt = (value: string) => {
    useComposer.getState().setPrompt(value);
    if (promptError) setPromptError(null);
  };

  // A failed call was already shown by the client: the handlers below only add what it cannot.
  const translate = async () => {
    if (!prompt.trim()) return setPromptError(t('midjourney:composer.promptRequired'));
    const answer = await translation.mutateAsync(prompt.trim()).catch(() => null);
    if (!answer) return;
    useComposer.getState().setPrompt(answer.text);
    if (answer.untranslated.length > 0)
      notify.info(t('midjourney:composer.untranslated', { words: answer.untranslated.join('、') }));
  };

  const suggest = async () => {
    if (!prompt.trim()) return setPromptError(t('midjourney:composer.promptRequired'));
    const found = await suggestion.mutateAsync(prompt.trim()).catch(() => null);
    if (!found) return;
    setSuggestions(found.map((s) => withoutPanelFlags(s, params)));
    if (found.length === 0) notify.info(t('midjourney:composer.noSuggestions'));
  };

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

  const saveParams = async () => {
    try {
      await saving.mutateAsync(rememberedParams(params));
      notify.success(t('midjourney:params.saved'));
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfError(error.data) : null;
      if (field && field !== 'params') setParamErrors({ [field]: (error as Error).message });
    }
  };

  const submit = async () => {
    const text = prompt.trim();
    if (!text) return setPromptError(t('midjourney:composer.promptRequired'));
    const full = cleanParams({ ...params, ...refFlags(refs) });
    const issues = checkParams(full);
    if (issues.length > 0) {
      setParamErrors(Object.fromEntries(issues.map((i) => [i.field, t(i.key)])));
      setShowParams(true);
      return;
    }
    setParamErrors({});
    try {
      await sending.mutateAsync({
        type: 'imagine',
        modelId: model?.id,
        prompt: text,
        params: full,
      });
      setSuggestions([]);
      onSubmitted?.();
    } catch (error) {
      // The client already toasted the message; a 400 also names the field it is about.
      if (error instanceof ApiError && error.status === 400) {
        const field = fieldOfError(error.data);
        // A flag typed into the prompt is named as params.<flag> too: show it under the prompt
        // unless the parameter panel set it.
        const fromPanel = !!field && field in full;
        if (!fromPanel) setPromptError(error.message);
        else {
          setParamErrors({ [field]: error.message });
          setShowParams(true);
        }
      }
    }
  };

  const flags = paramsToFlags(cleanParams({ ...params, ...refFlags(refs) }));

  return (
    <form
      aria-label={t('midjourney:composer.title')}
      className={`flex flex-col gap-3 rounded-xl border bg-[#141419] p-3 sm:p-4 ${
        dragOver ? 'border-violet-400' : 'border-white/5'
      }`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragOver(true);
        }
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
    >
      {models.data && models.data.length > 0 ? (
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
            <Tag color="purple" className="!m-0">
              {t('midjourney:composer.demoModel')}
            </Tag>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="mj-prompt" className="sr-only">
          {t('midjourney:composer.prompt')}
        </label>
        <Input.TextArea
          id="mj-prompt"
          data-testid="mj-prompt"
          value={prompt}
          status={promptError ? 'error' : undefined}
          aria-invalid={!!promptError}
          aria-describedby={promptError ? 'mj-prompt-error' : undefined}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={4000}
          placeholder={
            phone ? t('midjourney:composer.placeholderTouch') : t('midjourney:composer.placeholder')
          }
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        {promptError ? (
          <span id="mj-prompt-error" role="alert" className="text-xs text-red-400">
            {promptError}
          </span>
        ) : null}
        {flags ? <code className="text-xs break-all text-white/55">{flags}</code> : null}
      </div>

      {suggestions.length > 0 ? (
        <ul
          className="m-0 flex list-none flex-col gap-1 p-0"
          aria-label={t('midjourney:composer.suggestions')}
        >
          {suggestions.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="w-full cursor-pointer rounded-lg border border-white/10 bg-white/5 px-3 py-2 text-left text-sm text-white/80 hover:border-violet-400/60"
                onClick={() => {
                  setPrompt(s);
                  setSuggestions([]);
                }}
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          size="small"
          icon={<TranslationOutlined />}
          loading={translation.isPending}
          onClick={() => void translate()}
        >
          {t('midjourney:composer.translate')}
        </Button>
        <Button
          size="small"
          icon={<BulbOutlined />}
          loading={suggestion.isPending}
          onClick={() => void suggest()}
        >
          {t('midjourney:composer.suggest')}
        </Button>
        <Button
          size="small"
          icon={<SettingOutlined />}
          aria-expanded={showParams}
          aria-controls="mj-params-panel"
          onClick={() => setShowParams((v) => !v)}
        >
          {t('midjourney:composer.params')}
        </Button>
      </div>

      <ReferencePictures onFiles={(files) => void upload(files)} />

      {showParams ? (
        <div id="mj-params-panel" className="rounded-lg border border-white/5 bg-black/20 p-3">
          <ParamsPanel
            errors={paramErrors}
            modes={model?.modes ?? []}
            onSave={() => void saveParams()}
            saving={saving.isPending}
            canSave={Object.keys(rememberedParams(params)).length > 0 || !!remembered.data}
          />
        </div>
      ) : Object.keys(paramErrors).length > 0 ? (
        <Alert type="error" showIcon message={Object.values(paramErrors)[0]} />
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Simulation modelId={model?.id} />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={sending.isPending}
          data-testid="mj-submit"
          className="sm:ml-auto"
        >
          {t('midjourney:composer.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The reference pictures as the urls the parameters carry (and the flags preview shows). */
function refFlags(refs: Record<RefTarget, { url: string }[]>) {
  return {
    imageUrls: refs.imageUrls.map((r) => r.url),
    crefUrls: refs.crefUrls.map((r) => r.url),
    srefUrls: refs.srefUrls.map((r) => r.url),
  };
}
