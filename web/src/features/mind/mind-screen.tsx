import {
  CompressOutlined,
  FileImageOutlined,
  FileOutlined,
  HistoryOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { chat } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiData, apiStream } from '../../api/client';
import { ModelPrice } from '../../components/model-price';
import { ScreenIcon } from '../../components/screen-icon';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { useAppSetting } from '../../stores/app-setting';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { balanceChanged } from '../../stores/balance';
import { downloadBlob } from '../../lib/download';
import { mapSvgText, svgToPng } from './export-map';
import { MindHistoryDrawer } from './mind-history-drawer';
import { useMindHistory, type MindMapRecord } from './mind-history';
import { MAP_BACKGROUND, MindMapView, type MindMapHandle } from './mind-map-view';
import { countNodes, exportFileName, extractOutline, parseOutline, plainText } from './outline';

const PROMPT_MAX = 2000;
/** "Collapse" folds the branches: the root and its branches stay in view. */
const COLLAPSED_LEVEL = 1;

const useMindModels = () => {
  const language = useAppSetting((s) => s.language);
  return useQuery({
    queryKey: ['mind', 'models', language],
    queryFn: async () => (await apiData(chat.queryGptModel, { query: { kind: 'chat' } })).rows,
    staleTime: 60_000,
  });
};

function ToolButton({
  title,
  icon,
  onClick,
  disabled,
  loading,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={title}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
        className="!text-white/75 hover:!text-white"
      />
    </Tooltip>
  );
}

/**
 * Mind map (`/mind`): a topic goes to `POST /chatgpt/chat-mind`, whose streamed markdown
 * outline shows as it comes and is drawn as a map (markmap) at the same time. The map zooms,
 * fits, folds and exports as SVG or PNG; the outline can be edited; recent maps are kept in
 * this browser.
 */
export default function MindScreen() {
  const { t } = useTranslation(['mind', 'menu', 'screens']);
  const signedIn = useAuthStore(isSignedIn);
  const models = useMindModels();
  const storedModel = useMindHistory((s) => s.modelId);
  const [typed, setTyped] = useState('');
  const [promptError, setPromptError] = useState(false);
  const [answer, setAnswer] = useState('');
  const [mapPrompt, setMapPrompt] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new object on each click, so pressing again redraws (and undoes folds made by hand).
  const [folding, setFolding] = useState({ level: -1 });
  const [exporting, setExporting] = useState<'svg' | 'png' | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const map = useRef<MindMapHandle>(null);

  const list = models.data ?? [];
  const modelId = list.find((m) => m.id === storedModel)?.id ?? list[0]?.id ?? null;
  const outline = useMemo(() => extractOutline(answer), [answer]);
  const tree = useMemo(() => parseOutline(outline, mapPrompt), [outline, mapPrompt]);
  const hasMap = outline !== '';
  const title = plainText(tree.text) || mapPrompt;

  useEffect(() => () => abort.current?.abort(), []);

  const generate = async (event?: FormEvent) => {
    event?.preventDefault();
    const prompt = typed.trim();
    if (!prompt) return setPromptError(true);
    if (modelId === null || streaming) return;
    const controller = new AbortController();
    abort.current = controller;
    setStreaming(true);
    setFailure(null);
    setAnswer('');
    setMapPrompt(prompt);
    setFolding({ level: -1 });
    let text = '';
    try {
      await apiStream<typeof chat.chatMind, chat.ChatStreamLine>(chat.chatMind, {
        body: { gptModelId: modelId, prompt, options: { usingContext: false } },
        signal: controller.signal,
        onLine: (line) => {
          text = line.text;
          setAnswer(line.text);
          if (line.error) setFailure(line.error);
          if (line.done && line.credits !== undefined)
            void balanceChanged({ credits: line.credits });
        },
      });
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(error instanceof ApiError ? error.message : t('errors:generic'));
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      setStreaming(false);
      if (extractOutline(text)) useMindHistory.getState().save({ prompt, outline: text });
    }
  };

  const stop = () => abort.current?.abort();

  const open = (record: MindMapRecord) => {
    stop();
    setTyped(record.prompt);
    setMapPrompt(record.prompt);
    setAnswer(record.outline);
    setFailure(null);
    setFolding({ level: -1 });
    setHistoryOpen(false);
  };

  const exportAs = async (kind: 'svg' | 'png') => {
    const svg = map.current?.svg();
    if (!svg) return;
    setExporting(kind);
    try {
      const { text, width, height } = mapSvgText(svg, MAP_BACKGROUND);
      const name = exportFileName(title, kind);
      const blob =
        kind === 'svg'
          ? new Blob([text], { type: 'image/svg+xml;charset=utf-8' })
          : await svgToPng(text, width, height);
      downloadBlob(blob, name);
      notify.success(t(texts.success.export));
    } catch (error) {
      console.error('mind map export failed', error);
      notify.error(t(texts.errors.exportFailed));
    } finally {
      setExporting(null);
    }
  };

  const examples = [t('mind:examples.a'), t('mind:examples.b'), t('mind:examples.c')];

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <header className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90 sm:text-2xl">
            <ScreenIcon name="mind" />
            {t('menu:mind')}
          </h1>
          <p className="m-0 text-sm text-white/55">{t('screens:mind')}</p>
        </div>
        <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
          {t('mind:history.open')}
        </Button>
      </header>

      <form className="flex flex-col gap-2" onSubmit={(e) => void generate(e)} noValidate>
        <label htmlFor="mind-prompt" className="text-sm text-white/75">
          {t('mind:prompt.label')}
        </label>
        <div className="flex flex-col gap-2 lg:flex-row lg:items-start">
          <Input.TextArea
            id="mind-prompt"
            value={typed}
            maxLength={PROMPT_MAX}
            autoSize={{ minRows: 1, maxRows: 5 }}
            placeholder={t('mind:prompt.placeholder')}
            status={promptError ? 'error' : undefined}
            aria-invalid={promptError}
            aria-describedby={promptError ? 'mind-prompt-error' : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              if (promptError) setPromptError(false);
            }}
            onKeyDown={(e) => {
              // Enter generates; Shift+Enter writes a new line (and IME composition is left alone).
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void generate();
              }
            }}
            className="lg:flex-1"
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
              <Button danger icon={<StopOutlined />} onClick={stop}>
                {t('mind:stop')}
              </Button>
            ) : (
              <Button
                type="primary"
                htmlType="submit"
                icon={<ThunderboltOutlined />}
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
            <Button
              type="link"
              size="small"
              className="!px-0"
              onClick={() => void models.refetch()}
            >
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

      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFailure(null)}
          message={t('mind:failed')}
          description={failure}
        />
      )}

      {!hasMap ? (
        <div
          className="flex min-h-[320px] flex-col items-center justify-center gap-4 rounded-xl border border-dashed border-white/10 bg-[#141419] p-6 text-center"
          aria-busy={streaming}
        >
          <span className="text-4xl text-white/25" aria-hidden>
            <ScreenIcon name="mind" />
          </span>
          <p className="m-0 max-w-md text-sm leading-6 text-white/60">
            {streaming ? t('mind:waiting') : t('mind:empty')}
          </p>
          {!streaming && (
            <div className="flex flex-wrap justify-center gap-2">
              {examples.map((example) => (
                <Button key={example} shape="round" onClick={() => setTyped(example)}>
                  {example}
                </Button>
              ))}
            </div>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="relative h-[56vh] min-h-[320px] overflow-hidden rounded-xl border border-white/5 lg:h-[calc(100dvh-300px)] lg:min-h-[420px]">
            <MindMapView
              ref={map}
              root={tree}
              folding={folding}
              live={streaming}
              label={t('mind:map.label', { title })}
            />
            <div
              role="toolbar"
              aria-label={t('mind:toolbar.label')}
              className="absolute top-2 right-2 flex flex-wrap items-center gap-0.5 rounded-lg border border-white/10 bg-[#1c1c23]/90 p-1 backdrop-blur"
            >
              <ToolButton
                title={t('mind:toolbar.zoomIn')}
                icon={<ZoomInOutlined />}
                onClick={() => map.current?.zoomIn()}
              />
              <ToolButton
                title={t('mind:toolbar.zoomOut')}
                icon={<ZoomOutOutlined />}
                onClick={() => map.current?.zoomOut()}
              />
              <ToolButton
                title={t('mind:toolbar.fit')}
                icon={<CompressOutlined />}
                onClick={() => map.current?.fit()}
              />
              <ToolButton
                title={t('mind:toolbar.expandAll')}
                icon={<NodeExpandOutlined />}
                disabled={streaming}
                onClick={() => setFolding({ level: -1 })}
              />
              <ToolButton
                title={t('mind:toolbar.collapse')}
                icon={<NodeCollapseOutlined />}
                disabled={streaming}
                onClick={() => setFolding({ level: COLLAPSED_LEVEL })}
              />
              <span className="mx-1 h-4 w-px bg-white/10" aria-hidden />
              <ToolButton
                title={t('mind:toolbar.exportSvg')}
                icon={<FileOutlined />}
                disabled={streaming}
                loading={exporting === 'svg'}
                onClick={() => void exportAs('svg')}
              />
              <ToolButton
                title={t('mind:toolbar.exportPng')}
                icon={<FileImageOutlined />}
                disabled={streaming}
                loading={exporting === 'png'}
                onClick={() => void exportAs('png')}
              />
            </div>
            <span
              className="absolute bottom-2 left-3 text-xs text-white/45"
              aria-live="polite"
              data-testid="mind-status"
            >
              {streaming ? t('mind:streaming') : t('mind:nodes', { count: countNodes(tree) })}
            </span>
          </div>
          <div className="flex min-h-0 flex-col gap-2">
            <label htmlFor="mind-outline" className="flex items-center gap-2 text-sm text-white/75">
              <UnorderedListOutlined />
              {t('mind:outline.title')}
            </label>
            <Input.TextArea
              id="mind-outline"
              value={outline}
              readOnly={streaming}
              spellCheck={false}
              autoSize={{ minRows: 8, maxRows: 24 }}
              onChange={(e) => setAnswer(e.target.value)}
              className="font-mono text-[13px]"
            />
            <span className="text-xs text-white/40">{t('mind:outline.hint')}</span>
          </div>
        </div>
      )}

      <MindHistoryDrawer open={historyOpen} onClose={() => setHistoryOpen(false)} onOpen={open} />
    </section>
  );
}
