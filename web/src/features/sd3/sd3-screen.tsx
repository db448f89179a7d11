import Skeleton from 'antd/es/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDeleteImage, useImageModels, useImageResults } from '../../api/image-tasks';
import { ImageResults } from '../../components/image-results';
import { ScreenHeader } from '../../components/screen-header';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { readPrefill } from '../../lib/prefill';
import { useSd3Create } from './sd3-api';
import { Sd3Composer } from './sd3-composer';
import { emptySd3, prefillOfSd3, sd3BodyOf, sd3FormOf, type Sd3Form } from './sd3-form-state';

/**
 * `/sd3`: Stability SD3 pictures (or the offline demo), text-to-image or from a starting
 * picture, with the seed kept or locked. Results open in the viewer with their seed; "draw
 * the same" refills every field, "use as reference" makes a result the starting picture.
 */
export default function Sd3Screen() {
  const ready = useLazyTexts();
  return ready ? <Sd3 /> : <Skeleton active className="p-6" />;
}

function Sd3() {
  const { t } = useTranslation();
  const location = useLocation();
  const [form, setForm] = useState<Sd3Form>(() => {
    const p = readPrefill(location.state);
    return p ? sd3FormOf(p) : emptySd3();
  });
  const set = (patch: Partial<Sd3Form>) => setForm((f) => ({ ...f, ...patch }));
  const models = useImageModels('sd3');
  const list = useImageResults('sd3');
  const create = useSd3Create();
  const remove = useDeleteImage('sd3');
  const model = models.data?.find((m) => m.id === form.modelId) ?? models.data?.[0];

  useEffect(() => {
    if (model && form.modelId !== model.id) setForm((f) => ({ ...f, modelId: model.id }));
  }, [model, form.modelId]);

  const submit = (f: Sd3Form = form) => {
    const id = f.modelId ?? model?.id;
    if (id === undefined || !f.prompt.trim() || create.isPending) return;
    create.mutate(sd3BodyOf(f, id));
  };

  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[420px] lg:shrink-0">
        <ScreenHeader icon="sd3" title={t('menu:sd3')} subtitle={t('screens:sd3')} />
        {models.isPending ? (
          <Skeleton active />
        ) : (
          <Sd3Composer
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
          title={t('images:sd3Results')}
          tasks={list.data?.rows}
          loading={list.isPending}
          failed={list.isError}
          onReload={() => void list.refetch()}
          onRedo={(task) => submit({ ...sd3FormOf(prefillOfSd3(task)), seedLocked: false })}
          onDrawSame={(task) => setForm(sd3FormOf(prefillOfSd3(task)))}
          onUseAsReference={(url) => set({ mode: 'image-to-image', image: url })}
          onDelete={(id) => remove.mutate(id)}
        />
      </div>
    </section>
  );
}
