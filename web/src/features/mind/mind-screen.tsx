import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import { Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatModels } from '../../api/chat-models';
import { Glyph } from '../../components/glyph';
import { Alert, Button, lazyThemed } from '../../components/lite/lite';
import { ScreenIcon } from '../../components/screen-icon';
import { MAP_BOX } from './map-box';
import { useMindHistory, type MindMapRecord } from './mind-history';
import { MindPromptForm } from './mind-prompt-form';
import { parseOutline, plainText } from './outline';
import { OutlinePanel } from './outline-panel';
import { useMindGeneration } from './use-mind-generation';
import { useMindOutline } from './use-mind-outline';

/*
 * The first view (topic, model, examples) draws no antd (components/lite): the map with its
 * toolbar and outline (markmap, antd) loads with the first answer, the history drawer when it
 * is first opened.
 */
const MindMapPanel = lazyThemed(() => import('./mind-map-panel').then((m) => m.MindMapPanel));
const MindHistoryDrawer = lazyThemed(() =>
  import('./mind-history-drawer').then((m) => m.MindHistoryDrawer),
);

/**
 * Generates with the model the picker shows. A topic sent before the model list has come (a
 * quick first Enter) waits for it and then goes, instead of being dropped.
 */
function useGenerateWhenModelsCame(
  modelsPending: boolean,
  modelId: number | null,
  start: (prompt: string, modelId: number) => Promise<void>,
) {
  const [waiting, setWaiting] = useState<string | null>(null);
  useEffect(() => {
    if (waiting === null || modelsPending) return;
    setWaiting(null);
    if (modelId !== null) void start(waiting, modelId);
  }, [waiting, modelsPending, modelId, start]);
  return async (prompt: string) => {
    if (modelId !== null) return start(prompt, modelId);
    if (modelsPending) setWaiting(prompt);
  };
}

/** Before a map: what this screen does, or that the answer is on its way, and three topics. */
function EmptyMap({
  streaming,
  onExample,
}: {
  streaming: boolean;
  onExample: (topic: string) => void;
}) {
  const { t } = useTranslation(['mind']);
  const examples = [t('mind:examples.a'), t('mind:examples.b'), t('mind:examples.c')];
  return (
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
            <Button key={example} shape="round" onClick={() => onExample(example)}>
              {example}
            </Button>
          ))}
        </div>
      )}
    </div>
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
  const models = useChatModels();
  const storedModel = useMindHistory((s) => s.modelId);
  const [typed, setTyped] = useState('');
  const [promptError, setPromptError] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with antd's animation.
  const [historyShown, setHistoryShown] = useState(false);
  const {
    answer,
    answerVersion,
    mapPrompt,
    streaming,
    failure,
    clearFailure,
    folding,
    setFolding,
    generate: start,
    stop,
    restore,
  } = useMindGeneration();

  const list = models.data ?? [];
  const modelId = list.find((m) => m.id === storedModel)?.id ?? list[0]?.id ?? null;
  const { outline, shown: hasMap, edit: editOutline } = useMindOutline(answer, answerVersion);
  const tree = useMemo(() => parseOutline(outline, mapPrompt), [outline, mapPrompt]);
  const title = plainText(tree.text) || mapPrompt;

  const generateWith = useGenerateWhenModelsCame(models.isPending, modelId, start);
  const generate = async (event?: FormEvent) => {
    event?.preventDefault();
    const prompt = typed.trim();
    if (!prompt) return setPromptError(true);
    if (streaming) return;
    await generateWith(prompt);
  };

  const open = (record: MindMapRecord) => {
    restore(record);
    setTyped(record.prompt);
    setHistoryOpen(false);
  };

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
        <Button
          icon={<Glyph icon={HistoryOutlined} />}
          onClick={() => {
            setHistoryShown(true);
            setHistoryOpen(true);
          }}
        >
          {t('mind:history.open')}
        </Button>
      </header>

      <MindPromptForm
        typed={typed}
        onType={(text) => {
          setTyped(text);
          if (promptError) setPromptError(false);
        }}
        promptError={promptError}
        models={models}
        modelId={modelId}
        streaming={streaming}
        onGenerate={(event) => void generate(event)}
        onStop={stop}
      />

      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={clearFailure}
          message={t('mind:failed')}
          description={failure}
        />
      )}

      {!hasMap ? (
        <EmptyMap streaming={streaming} onExample={setTyped} />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
          <Suspense fallback={<div className={MAP_BOX} />}>
            <MindMapPanel
              tree={tree}
              title={title}
              streaming={streaming}
              folding={folding}
              onFold={setFolding}
            />
          </Suspense>
          {/* Not in the lazy part: the answer streams into it while the map is fetched. */}
          <OutlinePanel value={outline} readOnly={streaming} onChange={editOutline} />
        </div>
      )}

      {historyShown && (
        <Suspense fallback={null}>
          <MindHistoryDrawer
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
            onOpen={open}
          />
        </Suspense>
      )}
    </section>
  );
}
