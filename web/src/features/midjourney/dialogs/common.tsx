import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePicker as SharedPicker } from '../../../components/picture-picker';
import { SheetModal } from '../../../components/sheet-modal';
import { useDialogs, type DialogName, type PropsOf } from '../../../stores/dialogs';
import { LazyImage } from '../../../components/lazy-image';
import { useFinishedDraws, useUploadImages } from '../mj-api';
import type { DrawTask } from '../mj-data';
import type { RefImage } from '../mj-store';

/** The flag and props of one dialog, and how to close it. */
export function useDialog<N extends DialogName>(name: N) {
  const open = useDialogs((s) => s.flags[name]);
  const props = useDialogs((s) => s.props[name]) as PropsOf<N> | undefined;
  const close = () => useDialogs.getState().close(name);
  return { open, props, close };
}

/**
 * A dialog's send: `busy` while `work` runs. A failed call was already shown by the API
 * client, so a failure only ends the wait (and the dialog stays open with what was entered).
 */
export function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const sending = useMutation({ mutationFn: (work: () => Promise<void>) => work() });
  return [sending.isPending, (work) => sending.mutateAsync(work).catch(() => undefined)];
}

/** A dialog of the screen: the app's sheet modal (full screen on a phone). */
export const MjModal = SheetModal;

/** A dialog's foot: what `children` say, Cancel, and the dialog's main action. */
export function DialogActions(props: {
  onCancel: () => void;
  onSubmit: () => void;
  label: ReactNode;
  disabled: boolean;
  loading: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-end gap-2">
      {props.children}
      <Button onClick={props.onCancel}>{t('midjourney:cancel')}</Button>
      <Button
        type="primary"
        disabled={props.disabled}
        loading={props.loading}
        onClick={props.onSubmit}
      >
        {props.label}
      </Button>
    </div>
  );
}

/**
 * Pick pictures (the app's picker): upload new ones through the screen's upload (its checks
 * and its count of uploads under way), or choose among one's results and uploads.
 */
export function PicturePicker(props: {
  selected: RefImage[];
  max: number;
  onChange: (next: RefImage[]) => void;
}) {
  const uploading = useUploadImages();
  return (
    <SharedPicker
      {...props}
      uploading={uploading.isPending}
      upload={async (list) =>
        (await uploading.mutateAsync(list)).map((up) => ({ url: up.url, thumbUrl: up.thumbUrl }))
      }
    />
  );
}

/**
 * Pick one of one's finished drawings that offers what the dialog does (`accepts`), newest
 * first. Used when a dialog is opened from the tools rather than from a result.
 */
export function TaskPicker(props: {
  accepts: (task: DrawTask) => boolean;
  value: DrawTask | undefined;
  onChange: (task: DrawTask) => void;
}) {
  const { t } = useTranslation();
  const done = useFinishedDraws('done', 48);
  const rows = (done.data?.rows ?? []).filter((r) => r.images[0] && props.accepts(r));
  if (done.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (rows.length === 0) return <Empty description={t('midjourney:picker.noTasks')} />;
  return (
    <div className="grid max-h-[45vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
      {rows.map((task) => {
        const on = props.value?.id === task.id;
        return (
          <button
            key={task.id}
            type="button"
            aria-pressed={on}
            title={task.prompt}
            className={`cursor-pointer overflow-hidden rounded-md border-2 bg-transparent p-0 ${
              on ? 'border-violet-400' : 'border-transparent'
            }`}
            onClick={() => props.onChange(task)}
          >
            <LazyImage
              src={task.images[0]!.thumbUrl || task.images[0]!.url}
              alt={task.prompt}
              frameClassName="aspect-square w-full"
              className="h-full w-full object-cover"
            />
          </button>
        );
      })}
    </div>
  );
}
