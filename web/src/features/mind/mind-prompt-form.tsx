import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { useChatModels } from '../../api/chat-models';
import { Glyph } from '../../components/glyph';
import { Button, Select } from '../../components/lite/lite';
import { ModelPrice } from '../../components/model-price';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useMindHistory } from './mind-history';

const PROMPT_MAX = 2000;

/**
 * The topic box: a plain textarea drawn as antd's (one to five rows, `field-sizing` growing it),
 * so typing never waits for antd (docs/web.md, "First view without antd").
 */
const PROMPT_BOX =
  'max-h-[120px] min-h-8 w-full resize-none rounded-lg border bg-[#141419] px-[11px] py-1 text-sm leading-[22px] text-white/88 transition-colors [field-sizing:content] placeholder:text-white/25 focus:shadow-[0_0_0_2px_rgba(124,108,242,0.2)] focus:outline-none';

/**
 * The topic and the model of a mind map, with Generate (Enter) or Stop while it streams. A
 * guest is told that signing in keeps their credits; a model list that failed can be retried.
 */
export function MindPromptForm({
  typed,
  onType,
  promptError,
  models,
  modelId,
  streaming,
  onGenerate,
  onStop,
}: {
  typed: string;
  onType: (text: string) => void;
  promptError: boolean;
  models: ReturnType<typeof useChatModels>;
  modelId: number | null;
  streaming: boolean;
  onGenerate: (event?: FormEvent) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation(['mind']);
  const signedIn = useAuthStore(isSignedIn);
  const list = models.data ?? [];
  return (
    <form className="flex flex-col gap-2" onSubmit={onGenerate} noValidate>
      <label htmlFor="mind-prompt" className="text-sm text-white/75">
        {t('mind:prompt.label')}
      </label>
      <div className="flex flex-col gap-2 lg:flex-row lg:items-start">
        <textarea
          id="mind-prompt"
          value={typed}
          maxLength={PROMPT_MAX}
          rows={1}
          placeholder={t('mind:prompt.placeholder')}
          aria-invalid={promptError}
          aria-describedby={promptError ? 'mind-prompt-error' : undefined}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            // Enter generates; Shift+Enter writes a new line (and IME composition is left alone).
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onGenerate();
            }
          }}
          className={`ant-input ${PROMPT_BOX} lg:flex-1 ${
            promptError
              ? 'border-[#dc4446] hover:border-[#e86e6b] focus:border-[#dc4446]'
              : 'border-[#2a2a33] hover:border-[var(--accent)] focus:border-[var(--accent)]'
          }`}
        />
        <div className="flex gap-2">
          <Select
            aria-label={t('mind:model.label')}
            className="min-w-0 flex-1 lg:w-52 lg:flex-none"
            value={modelId ?? undefined}
            loading={models.isPending}
            disabled={streaming}
            status={models.isError ? 'error' : undefined}
            placeholder={
              models.isError
                ? t('mind:model.failed')
                : models.isPending
                  ? t('mind:model.loading')
                  : t('mind:model.none')
            }
            options={list.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(id: number) => useMindHistory.getState().setModelId(id)}
          />
          {streaming ? (
            <Button danger icon={<Glyph icon={StopOutlined} />} onClick={onStop}>
              {t('mind:stop')}
            </Button>
          ) : (
            <Button
              type="primary"
              htmlType="submit"
              icon={<Glyph icon={ThunderboltOutlined} />}
              disabled={modelId === null}
            >
              {t('mind:generate')}
            </Button>
          )}
        </div>
        <div className="flex justify-end">
          <ModelPrice model={list.find((m) => m.id === modelId) ?? null} />
        </div>
      </div>
      {promptError && (
        <span id="mind-prompt-error" role="alert" className="text-sm text-[#ff7875]">
          {t('mind:prompt.required')}
        </span>
      )}
      {models.isError && (
        <span role="alert" className="text-sm text-[#ff7875]">
          {t('mind:model.failed')}{' '}
          <Button type="link" size="small" className="!px-0" onClick={() => void models.refetch()}>
            {t('mind:retry')}
          </Button>
        </span>
      )}
      {!signedIn && (
        <p className="m-0 text-xs leading-5 text-white/50">
          {t('mind:guest.hint')}{' '}
          <Button
            type="link"
            size="small"
            className="!px-0"
            onClick={() => useAuthStore.getState().openLoginDialog()}
          >
            {t('mind:guest.login')}
          </Button>
        </p>
      )}
    </form>
  );
}
