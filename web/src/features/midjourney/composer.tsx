import {
  BulbOutlined,
  CloseOutlined,
  PlusOutlined,
  SendOutlined,
  SettingOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { drawing } from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiData } from '../../api/client';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { mjKeys, submitDraw, uploadImage, useDrawQuote, useIdentity, useModels } from './mj-data';
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

const refTargets: RefTarget[] = ['imageUrls', 'crefUrls', 'srefUrls'];

/**
 * The price and queue of the next drawing, before it is sent. The balance is the app's one
 * balance (stores/balance.ts); the quote is asked again whenever that balance changes.
 */
function Simulation({ modelId }: { modelId: number | undefined }) {
  const { t } = useTranslation();
  const balance = useAuthStore((s) => s.userBalance?.credits);
  const quote = useDrawQuote('imagine', modelId);
  if (!quote.data) return null;
  const q = quote.data;
  const have = balance ?? q.balance;
  const enough = have >= q.totalCredits;
  return (
    <div className="flex flex-col gap-1 text-xs text-white/55" data-testid="mj-simulation">
      <span>
        {t('midjourney:simulate.cost', { count: q.unitCredits })} ·{' '}
        <span data-testid="mj-balance" data-credits={have}>
          {t('midjourney:simulate.balance', { count: have })}
        </span>{' '}
        · {t('midjourney:simulate.queue', { count: q.queueAhead })} ·{' '}
        {t('midjourney:simulate.wait', { count: q.estimatedSeconds })}
      </span>
      {!enough ? (
        <span role="alert" className="text-amber-300">
          {t('midjourney:simulate.notEnough')}{' '}
          <Button
            size="small"
            type="link"
            className="!px-0"
            onClick={() => useDialogs.getState().open('passiveGoods')}
          >
            {t('midjourney:simulate.recharge')}
          </Button>
        </span>
      ) : null}
    </div>
  );
}

/**
 * The prompt composer: the prompt, translate and suggestions, reference pictures (drop, pick or
 * choose from one's results), the parameters (kept as defaults with saveUserParam), the price
 * and queue, and the submit. Problems show under the field they concern, in the user's language.
 */
export function Composer() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const who = useIdentity();
  const prompt = useComposer((s) => s.prompt);
  const params = useComposer((s) => s.params);
  const refs = useComposer((s) => s.refs);
  const modelId = useComposer((s) => s.modelId);
  const models = useModels();
  const model = models.data?.find((m) => m.id === modelId) ?? models.data?.[0];
  const [showParams, setShowParams] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [paramErrors, setParamErrors] = useState<Partial<Record<ParamField, string>>>({});
  const [sending, setSending] = useState(false);
  const [translating, setTranslating] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [savingParams, setSavingParams] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (modelId === undefined && models.data?.[0])
      useComposer.getState().setModel(models.data[0].id);
  }, [modelId, models.data]);

  // The remembered parameters fill an untouched composer once per identity.
  const remembered = useQuery({
    queryKey: mjKeys.userParams(who),
    queryFn: () => apiData(drawing.getUserParam),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    const saved = remembered.data;
    if (saved && Object.keys(useComposer.getState().params).length === 0)
      useComposer.getState().replaceParams(saved);
  }, [remembered.data]);

  const setPrompt = (value: string) => {
    useComposer.getState().setPrompt(value);
    if (promptError) setPromptError(null);
  };

  const translate = async () => {
    if (!prompt.trim()) return setPromptError(t('midjourney:composer.promptRequired'));
    setTranslating(true);
    try {
      const answer = await apiData(drawing.translate, { query: { text: prompt.trim() } });
      useComposer.getState().setPrompt(answer.text);
      if (answer.untranslated.length > 0)
        notify.info(
          t('midjourney:composer.untranslated', { words: answer.untranslated.join('、') }),
        );
    } catch {
      // shown by the client
    } finally {
      setTranslating(false);
    }
  };

  const suggest = async () => {
    if (!prompt.trim()) return setPromptError(t('midjourney:composer.promptRequired'));
    setSuggesting(true);
    try {
      const answer = await apiData(drawing.mjAssociate, {
        body: { prompt: prompt.trim().slice(0, 1000), count: 4 },
      });
      setSuggestions(answer.suggestions.map((s) => withoutPanelFlags(s, params)));
      if (answer.suggestions.length === 0) notify.info(t('midjourney:composer.noSuggestions'));
    } catch {
      // shown by the client
    } finally {
      setSuggesting(false);
    }
  };

  const upload = async (list: FileList | File[]) => {
    const pictures = [...list].slice(0, 5);
    for (const file of pictures) {
      setUploading((n) => n + 1);
      try {
        const up = await uploadImage(file);
        useComposer.getState().addRef('imageUrls', { url: up.url, thumbUrl: up.thumbUrl });
      } catch {
        // shown by uploadImage or the client
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (event.dataTransfer.files.length > 0) void upload(event.dataTransfer.files);
  };

  const saveParams = async () => {
    setSavingParams(true);
    try {
      const saved = await apiData(drawing.saveUserParam, {
        query: { params: JSON.stringify(rememberedParams(params)) },
      });
      client.setQueryData(mjKeys.userParams(who), saved);
      notify.success(t('midjourney:params.saved'));
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfError(error.data) : null;
      if (field && field !== 'params') setParamErrors({ [field]: (error as Error).message });
    } finally {
      setSavingParams(false);
    }
  };

  const submit = async () => {
    const text = prompt.trim();
    if (!text) return setPromptError(t('midjourney:composer.promptRequired'));
    const full = cleanParams({
      ...params,
      imageUrls: refs.imageUrls.map((r) => r.url),
      crefUrls: refs.crefUrls.map((r) => r.url),
      srefUrls: refs.srefUrls.map((r) => r.url),
    });
    const issues = checkParams(full);
    if (issues.length > 0) {
      setParamErrors(Object.fromEntries(issues.map((i) => [i.field, t(i.key)])));
      setShowParams(true);
      return;
    }
    setParamErrors({});
    setSending(true);
    try {
      await submitDraw({ type: 'imagine', modelId: model?.id, prompt: text, params: full });
      setSuggestions([]);
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
    } finally {
      setSending(false);
    }
  };

  const flags = paramsToFlags(cleanParams({ ...params, ...refFlags(refs) }));
  const refTitle = (target: RefTarget) =>
    target === 'imageUrls'
      ? t('midjourney:refs.imageUrls')
      : target === 'crefUrls'
        ? t('midjourney:refs.crefUrls')
        : t('midjourney:refs.srefUrls');

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
          placeholder={t('midjourney:composer.placeholder')}
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
        {flags ? <code className="text-xs break-all text-white/45">{flags}</code> : null}
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
          loading={translating}
          onClick={() => void translate()}
        >
          {t('midjourney:composer.translate')}
        </Button>
        <Button
          size="small"
          icon={<BulbOutlined />}
          loading={suggesting}
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

      <div className="flex flex-col gap-2">
        {refTargets.map((target) => (
          <div key={target} className="flex flex-wrap items-center gap-2">
            <span className="w-24 shrink-0 text-xs text-white/60">{refTitle(target)}</span>
            {refs[target].map((r) => (
              <span
                key={r.url}
                className="relative h-12 w-12 overflow-hidden rounded-md bg-white/5"
              >
                <img src={r.thumbUrl || r.url} alt="" className="h-full w-full object-cover" />
                <button
                  type="button"
                  aria-label={t('midjourney:refs.remove')}
                  className="absolute top-0 right-0 flex h-5 w-5 cursor-pointer items-center justify-center rounded-bl-md border-0 bg-black/70 p-0 text-[10px] text-white"
                  onClick={() => useComposer.getState().removeRef(target, r.url)}
                >
                  <CloseOutlined />
                </button>
              </span>
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              aria-label={`${t('midjourney:refs.add')} – ${refTitle(target)}`}
              onClick={() => useDialogs.getState().open('uploadImages', { target })}
            >
              {t('midjourney:refs.add')}
            </Button>
          </div>
        ))}
        <p className="m-0 text-xs text-white/40">
          {uploading > 0 ? t('midjourney:refs.uploading') : t('midjourney:refs.dropHint')}{' '}
          <button
            type="button"
            className="cursor-pointer border-0 bg-transparent p-0 text-xs text-violet-300 underline"
            onClick={() => fileInput.current?.click()}
          >
            {t('midjourney:refs.pick')}
          </button>
        </p>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          hidden
          onChange={(e) => {
            if (e.target.files) void upload(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      {showParams ? (
        <div id="mj-params-panel" className="rounded-lg border border-white/5 bg-black/20 p-3">
          <ParamsPanel
            errors={paramErrors}
            modes={model?.modes ?? []}
            onSave={() => void saveParams()}
            saving={savingParams}
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
          loading={sending}
          data-testid="mj-submit"
          className="sm:ml-auto"
        >
          {t('midjourney:composer.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Placeholders so the flags preview shows `--cref …` once a reference is added. */
function refFlags(refs: Record<RefTarget, { url: string }[]>) {
  return {
    imageUrls: refs.imageUrls.map((r) => r.url),
    crefUrls: refs.crefUrls.map((r) => r.url),
    srefUrls: refs.srefUrls.map((r) => r.url),
  };
}
