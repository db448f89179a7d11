import Skeleton from 'antd/es/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDeleteImage, useImageModels, useImageResults } from '../../api/image-tasks';
import { ImageResults } from '../../components/image-results';
import { ScreenHeader } from '../../components/screen-header';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { readPrefill } from '../../lib/prefill';
import { useDalleCreate } from './draw-api';
import { DrawComposer } from './draw-composer';
import { bodyOf, emptyForm, formOfPrefill, prefillOfTask, type DrawForm } from './draw-form-state';

/**
 * `/draw`, "Darwin drawing": DALL·E and gpt-image pictures (or the offline demo). The form is
 * built from the chosen model's choices; reference pictures turn the request into an edit,
 * with a mask painted over the first one. Results show their progress in numbers and open in
 * the viewer with their revised prompt and actions.
 */
export default function DrawScreen() {
  const ready = useLazyTexts();
  return ready ? <Draw /> : <Skeleton active className="p-6" />;
}

function Draw() {
  const { t } = useTranslation();
  const location = useLocation();
  const [form, setForm] = useState<DrawForm>(() => {
    const p = readPrefill(location.state);
    return p ? formOfPrefill(p) : emptyForm();
  });
  const set = (patch: Partial<DrawForm>) => setForm((f) => ({ ...f, ...patch }));
  const models = useImageModels('draw');
  const list = useImageResults('draw');
  const create = useDalleCreate();
  const remove = useDeleteImage('draw');
  const model = models.data?.find((m) => m.id === form.modelId) ?? models.data?.[0];

  // A model that has gone (or none chosen yet): the first one offered.
  useEffect(() => {
    if (model && form.modelId !== model.id) setForm((f) => ({ ...f, modelId: model.id }));
  }, [model, form.modelId]);

  const submit = (f: DrawForm = form) => {
    const m = models.data?.find((x) => x.id === f.modelId) ?? model;
    if (!m || !f.prompt.trim() || create.isPending) return;
    create.mutate(bodyOf(f, m));
  };

  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[420px] lg:shrink-0">
        <ScreenHeader icon="draw" title={t('menu:draw')} subtitle={t('screens:draw')} />
        {models.isPending ? (
          <Skeleton active />
        ) : (
          <DrawComposer
            models={models.data ?? []}
            model={model}
            form={form}
            set={set}
            submitting={create.isPending}
            onSubmit={() => submit()}
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <ImageResults
          title={t('images:results')}
          tasks={list.data?.rows}
          loading={list.isPending}
          failed={list.isError}
          onReload={() => void list.refetch()}
          onRedo={(task) => submit({ ...formOfPrefill(prefillOfTask(task)), n: 1 })}
          onDrawSame={(task) => setForm(formOfPrefill(prefillOfTask(task)))}
          onUseAsReference={(url) =>
            setForm((f) => ({ ...f, images: [...f.images, url].slice(-4) }))
          }
          onDelete={(id) => remove.mutate(id)}
        />
      </div>
    </section>
  );
}
