import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetModal } from '../../../components/sheet-modal';
import { useDialogs, type DialogName, type PropsOf } from '../../../stores/dialogs';
import { LazyImage } from '../lazy-image';
import { useFinishedDraws, useMyImages, useMyUploads, useUploadImages } from '../mj-api';
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

type Source = 'mine' | 'uploads';

/**
 * Pick pictures: upload new ones, or choose among one's results (`queryImg`) and uploads
 * (`/upload/piclist`). `selected` are urls; `max` limits how many.
 */
export function PicturePicker(props: {
  selected: RefImage[];
  max: number;
  onChange: (next: RefImage[]) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('mine');
  const uploading = useUploadImages();
  const input = useRef<HTMLInputElement>(null);
  const mine = useMyImages(source === 'mine');
  const uploads = useMyUploads(source === 'uploads');
  const list: RefImage[] =
    source === 'mine'
      ? (mine.data ?? []).map((m) => ({ url: m.image.url, thumbUrl: m.image.thumbUrl }))
      : (uploads.data ?? []).map((u) => ({ url: u.url, thumbUrl: u.thumbUrl }));
  const query = source === 'mine' ? mine : uploads;
  const has = (url: string) => props.selected.some((s) => s.url === url);
  const toggle = (image: RefImage) => {
    if (has(image.url)) props.onChange(props.selected.filter((s) => s.url !== image.url));
    else if (props.selected.length < props.max) props.onChange([...props.selected, image]);
    else if (props.max === 1) props.onChange([image]);
  };
  const upload = async (picked: FileList) => {
    const added = (await uploading.mutateAsync([...picked].slice(0, props.max))).map(
      (up): RefImage => ({ url: up.url, thumbUrl: up.thumbUrl }),
    );
    if (added.length > 0) {
      props.onChange([...props.selected, ...added].slice(-props.max));
      void uploads.refetch();
    }
  };
  return (
    <div
      className="flex flex-col gap-3"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (e.dataTransfer.files.length > 0) void upload(e.dataTransfer.files);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Segmented
          size="small"
          value={source}
          onChange={(v) => setSource(v as Source)}
          options={[
            { value: 'mine', label: t('midjourney:picker.mine') },
            { value: 'uploads', label: t('midjourney:picker.uploads') },
          ]}
        />
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={uploading.isPending}
          onClick={() => input.current?.click()}
        >
          {t('midjourney:picker.upload')}
        </Button>
        <span className="text-xs text-white/55">
          {t('midjourney:picker.count', { count: props.selected.length, max: props.max })}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          multiple={props.max > 1}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => {
            if (e.target.files) void upload(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty description={t('midjourney:picker.empty')} />
      ) : (
        <div className="grid max-h-[50vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5">
          {list.map((image) => {
            const on = has(image.url);
            return (
              <button
                key={image.url}
                type="button"
                aria-pressed={on}
                data-testid="mj-pick"
                className={`relative cursor-pointer overflow-hidden rounded-md border-2 bg-transparent p-0 ${
                  on ? 'border-violet-400' : 'border-transparent'
                }`}
                onClick={() => toggle(image)}
              >
                <LazyImage
                  src={image.thumbUrl || image.url}
                  alt=""
                  frameClassName="aspect-square w-full"
                  className="h-full w-full object-cover"
                />
                {on ? (
                  <CheckOutlined className="absolute top-1 right-1 rounded-full bg-violet-500 p-1 text-xs text-white" />
                ) : null}
              </button>
            );
          })}
        </div>
      )}
    </div>
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
