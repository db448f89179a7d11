import type { drawing, images } from '@atelier/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  useDeleteImage,
  useImageModels,
  useImageQuote,
  useImageResults,
  type ImageUse,
} from '../../api/image-tasks';
import { readPrefill, type ComposerPrefill } from '../../lib/prefill';
import { ImageResults } from '../image-results';
import { Skeleton } from '../lite/lite';
import { useLazyTexts } from '../use-lazy-texts';
import { CreationScreen, TaskCost } from './creation-screen';

/*
 * The picture kinds sold by the image models (/draw: DALL·E and gpt-image, /sd3: Stability
 * SD3) are one screen: a composer built from the chosen model, the kind's results polled while
 * one moves, "draw the same", "redo" and "use as reference" refilling the form. A kind gives
 * its form, its composer and its submit call; the rest is here.
 */

/** What the screen keeps of a kind's form. */
export interface ImageForm {
  modelId?: number;
  prompt: string;
}

/** The props a kind's composer takes. */
export interface ImageComposerProps<F extends ImageForm> {
  models: images.ImageModel[];
  model: images.ImageModel | undefined;
  form: F;
  set: (patch: Partial<F>) => void;
  submitting: boolean;
  onSubmit: () => void;
}

export interface ImageKind<F extends ImageForm, B> {
  use: ImageUse;
  /** The text key of the screen's one-line description. */
  description: `screens:${string}`;
  /** The results' heading (a text key). */
  resultsTitle: string;
  empty: () => F;
  /** A prefill (another screen's "draw the same", the market's "use") as the form. */
  formOf: (prefill: ComposerPrefill) => F;
  /** A result as a prefill. */
  prefillOf: (task: drawing.DrawTask) => ComposerPrefill;
  /** The form as the submit call's body for the chosen model. */
  bodyOf: (form: F, model: images.ImageModel) => B;
  /** "Redo" a result: its form with what must not repeat (the count, a locked seed) reset. */
  redo: (form: F) => F;
  /** "Use as reference": the result's picture goes into the form. */
  withReference: (form: F, url: string) => F;
  useCreate: () => UseMutationResult<unknown, Error, B>;
  Composer: ComponentType<ImageComposerProps<F>>;
}

/**
 * The texts of the picture kinds' screens: their own and the mask painter's (`sd:tools`), not
 * every lazy namespace (each is a request of the first page). A text of another one that shows
 * later (a dialog's) loads when first asked for (`i18n/index.ts`).
 */
const TEXTS = ['images', 'sd'] as const;

/** A picture kind's screen (its texts load first). */
export function ImageKindScreen<F extends ImageForm, B>({ kind }: { kind: ImageKind<F, B> }) {
  const ready = useLazyTexts(TEXTS);
  return ready ? (
    <ImageKindBody kind={kind} />
  ) : (
    <div className="p-6">
      <Skeleton active />
    </div>
  );
}

function ImageKindBody<F extends ImageForm, B>({ kind }: { kind: ImageKind<F, B> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [form, setForm] = useState<F>(() => {
    const p = readPrefill(location.state);
    return p ? kind.formOf(p) : kind.empty();
  });
  const set = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }));
  const models = useImageModels(kind.use);
  const list = useImageResults(kind.use);
  const create = kind.useCreate();
  const remove = useDeleteImage(kind.use);
  const model = models.data?.find((m) => m.id === form.modelId) ?? models.data?.[0];

  // A model that has gone (or none chosen yet): the first one offered.
  useEffect(() => {
    if (model && form.modelId !== model.id) setForm((f) => ({ ...f, modelId: model.id }));
  }, [model, form.modelId]);

  const submit = (f: F = form) => {
    const m = models.data?.find((x) => x.id === f.modelId) ?? model;
    if (!m || !f.prompt.trim() || create.isPending) return;
    create.mutate(kind.bodyOf(f, m));
  };
  const formOfTask = (task: drawing.DrawTask) => kind.formOf(kind.prefillOf(task));
  const { Composer } = kind;

  return (
    <CreationScreen
      screen={kind.use}
      description={kind.description}
      composer={
        models.isPending ? (
          <Skeleton active />
        ) : (
          <Composer
            models={models.data ?? []}
            model={model}
            form={form}
            set={set}
            submitting={create.isPending}
            onSubmit={() => submit()}
          />
        )
      }
      results={
        <ImageResults
          title={t(kind.resultsTitle)}
          tasks={list.data?.rows}
          loading={list.isPending}
          failed={list.isError}
          onReload={() => void list.refetch()}
          onRedo={(task) => submit(kind.redo(formOfTask(task)))}
          onDrawSame={(task) => setForm(formOfTask(task))}
          onUseAsReference={(url) => setForm((f) => kind.withReference(f, url))}
          onDelete={(id) => remove.mutate(id)}
        />
      }
    />
  );
}

/**
 * The price of the next submit of a picture kind, the balance, and the tasks ahead in the
 * queue, shown above the submit button (asked again when credits move).
 */
export function ImageCost(props: {
  use: ImageUse;
  modelId: number | undefined;
  action: 'generate' | 'edit' | 'image-to-image';
  n: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const quote = useImageQuote(props.use, props.modelId, props.action, props.n);
  const q = quote.data;
  if (!q) return null;
  return (
    <TaskCost
      testId={props.testId}
      enough={q.enough}
      cost={
        q.enough
          ? t('images:cost', { total: q.totalCredits, unit: q.unitCredits, balance: q.balance })
          : t('images:costShort', { total: q.totalCredits, balance: q.balance })
      }
      ahead={q.queueAhead > 0 ? t('images:ahead', { count: q.queueAhead }) : null}
    />
  );
}
