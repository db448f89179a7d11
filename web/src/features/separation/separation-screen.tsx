import { separation } from '@atelier/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Empty,
  lazyThemed,
  Select,
  Skeleton,
  SkeletonInput,
} from '../../components/lite/lite';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { notify } from '../../lib/notify';
import {
  HISTORY_SIZE,
  useSeparationModels,
  useSeparations,
  useSubmitSeparation,
} from './separation-api';
import { SourcePicker, type PickedSource } from './source-picker';

type Format = (typeof separation.outputFormats)[number];

/** A separation's card (progress, stems, antd's buttons): fetched with the first separation. */
const SeparationCard = lazyThemed(() => import('./separation-card').then((m) => m.SeparationCard));

/**
 * Audio separation (`/separation`): upload audio or pick one of your songs, see the price,
 * separate it into vocals and instrumental on the task engine, follow the progress in numbers
 * and play or download the two stems side by side; the history of separations below.
 */
export default function SeparationScreen() {
  const { t } = useTranslation(['separation', 'menu', 'screens']);
  const models = useSeparationModels();
  const [mode, setMode] = useState<'upload' | 'song'>('upload');
  const [picked, setPicked] = useState<PickedSource | null>(null);
  const [modelId, setModelId] = useState<number | null>(null);
  const [format, setFormat] = useState<Format>('wav');
  const [size, setSize] = useState(HISTORY_SIZE);
  const history = useSeparations(size);
  const submit = useSubmitSeparation();

  const list = models.data?.rows ?? [];
  const model = list.find((m) => m.id === modelId) ?? list[0] ?? null;
  const source = picked && (picked.type === 'upload') === (mode === 'upload') ? picked : null;

  const start = async () => {
    if (!model || !source) return;
    await submit.mutateAsync({
      modelId: model.id,
      format,
      source:
        source.type === 'upload'
          ? { type: 'upload', url: source.audio.url }
          : { type: 'song', taskId: source.song.taskId, clip: source.song.clip },
    });
    notify.success(t('separation:started'));
  };

  return (
    <CreationScreen
      screen="separation"
      description="screens:separation"
      layout="heading-above"
      width="narrow"
      composerWidth={380}
      composer={
        <form
          className="flex flex-col gap-4 rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
          onSubmit={(e) => {
            e.preventDefault();
            void start().catch(() => undefined);
          }}
        >
          <h2 className="m-0 text-base font-medium text-white/90">
            {t('separation:source.title')}
          </h2>
          <SourcePicker mode={mode} onMode={setMode} picked={picked} onPick={setPicked} />
          <label className="flex flex-col gap-1 text-sm text-white/70">
            {t('separation:model.label')}
            {models.isLoading ? (
              <SkeletonInput active block />
            ) : models.isError ? (
              <Alert type="error" showIcon message={t('separation:model.failed')} />
            ) : list.length === 0 ? (
              <Alert type="warning" showIcon message={t('separation:model.none')} />
            ) : (
              <Select
                value={model?.id}
                onChange={setModelId}
                aria-label={t('separation:model.label')}
                options={list.map((m) => ({
                  value: m.id,
                  label: m.name,
                }))}
              />
            )}
          </label>
          {model?.demo && (
            <p className="m-0 text-xs text-white/50">{t('separation:model.demoHint')}</p>
          )}
          {!model?.demo && (
            <label className="flex flex-col gap-1 text-sm text-white/70">
              {t('separation:format.label')}
              <Select
                value={format}
                onChange={setFormat}
                aria-label={t('separation:format.label')}
                options={separation.outputFormats.map((f) => ({
                  value: f,
                  label: f.toUpperCase(),
                }))}
              />
            </label>
          )}
          {model && (
            <p className="m-0 text-sm text-amber-200" data-testid="separation-cost">
              {t('separation:cost', { credits: model.credits })}
            </p>
          )}
          {!source && <p className="m-0 text-xs text-white/50">{t('separation:source.none')}</p>}
          <Button
            type="primary"
            htmlType="submit"
            disabled={!model || !source}
            loading={submit.isPending}
          >
            {submit.isPending ? t('separation:submitting') : t('separation:submit')}
          </Button>
        </form>
      }
      results={<History history={history} onMore={() => setSize((s) => s + HISTORY_SIZE)} />}
    />
  );
}

function History({
  history,
  onMore,
}: {
  history: ReturnType<typeof useSeparations>;
  onMore: () => void;
}) {
  const { t } = useTranslation('separation');
  const rows = history.data?.rows ?? [];
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-label={t('separation:history.title')}>
      <h2 className="m-0 text-base font-medium text-white/90">{t('separation:history.title')}</h2>
      {history.isLoading ? (
        <Skeleton active />
      ) : history.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('separation:history.failed')}
          action={
            <Button size="small" onClick={() => void history.refetch()}>
              {t('separation:history.retry')}
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <Empty image="simple" description={t('separation:history.empty')} />
      ) : (
        <>
          <Suspense fallback={<Skeleton active />}>
            {rows.map((task) => (
              <SeparationCard key={task.id} task={task} />
            ))}
          </Suspense>
          {(history.data?.count ?? 0) > rows.length && (
            <Button onClick={onMore}>{t('separation:history.more')}</Button>
          )}
        </>
      )}
    </section>
  );
}
