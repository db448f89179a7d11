import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import type { sd } from '@atelier/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Glyph } from '../../components/glyph';
import { Button, lazyThemed, Skeleton } from '../../components/lite/lite';
import { Spin } from '../../components/lite/lite-forms';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { readPrefill } from '../../lib/prefill';
import { useCreateSd, useModelFields, useSdModels } from './sd-api';
import { defaultsOf, type SdValues } from './sd-defaults';
import { SdResults } from './sd-results';

/** A model's form (antd's inputs, numbers and select): fetched when a model is opened. */
const SdForm = lazyThemed(() => import('./sd-form').then((m) => m.SdForm));

/** An example's (or a stored picture's) parameters as form values. */
const valuesOf = (prompt: string, p: Record<string, unknown>): Partial<SdValues> => {
  const out: Partial<SdValues> = { prompt };
  for (const k of [
    'negativePrompt',
    'seed',
    'steps',
    'cfgScale',
    'sampler',
    'width',
    'height',
  ] as const)
    if (typeof p[k] === 'string' || typeof p[k] === 'number') out[k] = p[k];
  return out;
};

function ModelCard({ m, onOpen }: { m: sd.SdModel; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="overflow-hidden rounded-xl bg-white/5" data-testid="sd-model">
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full cursor-pointer flex-col border-0 bg-transparent p-0 text-left text-inherit"
        aria-label={`${t('sd:square.choose')} ${m.name}`}
      >
        <img
          src={m.coverThumb}
          alt={m.name}
          loading="lazy"
          width={256}
          height={192}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
        <span className="flex flex-col gap-1 p-3">
          <span className="font-semibold text-white/90">{m.name}</span>
          <span className="line-clamp-2 text-xs text-white/60">{m.description}</span>
          <span className="text-xs text-white/60">
            {m.baseModel} · {m.demo ? t('sd:demo') : m.providerName} · {m.credits}
          </span>
        </span>
      </button>
    </li>
  );
}

/** One model: its form, its examples ("use these parameters") and the caller's pictures. */
function ModelDetail(props: {
  model: sd.SdModel;
  fields: sd.SdField[] | null;
  values: Partial<SdValues>;
  setValues: (v: Partial<SdValues>) => void;
  busy: boolean;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { model, values, setValues } = props;
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[400px] lg:shrink-0">
        <Button
          icon={<Glyph icon={ArrowLeftOutlined} />}
          onClick={props.onBack}
          className="self-start"
        >
          {t('sd:square.back')}
        </Button>
        <h2 className="m-0 text-lg font-semibold text-white/90">{model.name}</h2>
        <p className="m-0 text-sm text-white/60">
          {model.description} · {t('sd:square.base')} {model.baseModel} · {t('sd:square.provider')}{' '}
          {model.demo ? t('sd:demo') : model.providerName}
        </p>
        {props.fields && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <SdForm
              fields={props.fields}
              values={values}
              onChange={setValues}
              credits={model.credits}
              busy={props.busy}
              onSubmit={props.onSubmit}
            />
          </Suspense>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h3 className="m-0 text-base text-white/80">{t('sd:square.examples')}</h3>
        <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 xl:grid-cols-3">
          {model.examples.map((e, i) => (
            <li
              key={i}
              className="flex flex-col gap-2 rounded-lg bg-white/5 p-2"
              data-testid="sd-example"
            >
              <img src={e.image} alt={e.prompt} loading="lazy" className="w-full rounded" />
              <p className="m-0 line-clamp-2 text-xs text-white/70">{e.prompt}</p>
              <p className="m-0 text-xs text-white/60">
                {e.width}×{e.height} · {e.steps} · {e.sampler} · {e.seed}
              </p>
              <Button size="small" onClick={() => setValues(valuesOf(e.prompt, e))}>
                {t('sd:square.useParams')}
              </Button>
            </li>
          ))}
        </ul>
        <SdResults onRedo={(task) => setValues(valuesOf(task.prompt, task.params))} />
      </div>
    </div>
  );
}

/**
 * `/sddraw`, the model square: a grid of models with covers; choosing one opens its examples
 * and its form (built from the fields the model exposes), and the caller's pictures below.
 * "Use these parameters" fills the form from an example; draw-the-same fills it from prefill.
 */
export default function SddrawScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const models = useSdModels();
  const [modelId, setModelId] = useState<number | null>(null);
  const [values, setValues] = useState<Partial<SdValues>>({});
  const fields = useModelFields(modelId);
  const create = useCreateSd();
  const model = models.data?.rows.find((m) => m.id === modelId) ?? null;

  useEffect(() => {
    const p = readPrefill(location.state);
    if (p?.modelId) {
      setModelId(p.modelId);
      setValues(
        valuesOf(p.prompt, {
          ...p.params,
          negativePrompt: p.negativePrompt ?? p.params.negativePrompt,
        }),
      );
    }
    // Read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A newly opened model starts from its defaults (kept values win).
  useEffect(() => {
    if (fields.data) setValues((v) => ({ ...defaultsOf(fields.data.fields), ...v }));
  }, [fields.data]);

  const open = (id: number) => {
    setModelId(id);
    setValues({});
  };
  const submit = () => {
    if (!modelId) return;
    const v = values;
    create.mutate({
      modelId,
      prompt: String(v.prompt ?? ''),
      negativePrompt: String(v.negativePrompt ?? ''),
      seed: Number(v.seed ?? -1),
      steps: Number(v.steps ?? 20),
      cfgScale: Number(v.cfgScale ?? 7),
      sampler: String(v.sampler ?? 'Euler a'),
      width: Number(v.width ?? 512),
      height: Number(v.height ?? 512),
    });
  };

  return (
    <CreationScreen
      screen="sddraw"
      description="screens:sddraw"
      layout="stacked"
      width="medium"
      composer={
        <>
          {models.isPending && <Spin aria-label={t('sd:square.loading')} />}
          {models.isError && (
            <p className="text-sm text-red-300">
              {t('sd:square.failed')}{' '}
              <Button size="small" onClick={() => void models.refetch()}>
                {t('sd:square.retry')}
              </Button>
            </p>
          )}
          {models.data?.rows.length === 0 && (
            <p className="text-white/60">{t('sd:square.empty')}</p>
          )}
          {!model && (
            <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3">
              {models.data?.rows.map((m) => (
                <ModelCard key={m.id} m={m} onOpen={() => open(m.id)} />
              ))}
            </ul>
          )}
          {model && (
            <ModelDetail
              model={model}
              fields={fields.data?.fields ?? null}
              values={values}
              setValues={setValues}
              busy={create.isPending}
              onSubmit={submit}
              onBack={() => setModelId(null)}
            />
          )}
        </>
      }
      results={
        !model && (
          <SdResults
            onRedo={(task) => {
              if (task.modelId) setModelId(task.modelId);
              setValues(valuesOf(task.prompt, task.params));
            }}
          />
        )
      }
    />
  );
}
