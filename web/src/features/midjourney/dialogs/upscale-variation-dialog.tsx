import Segmented from 'antd/es/segmented';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findButton } from '../buttons';
import { runButton, type DrawTask } from '../mj-data';
import { MjModal, TaskPicker, useBusy, useDialog, DialogActions } from './common';

const isGrid = (task: DrawTask) => !!findButton(task.buttons, (k) => k.kind === 'upscale');
const cells = [1, 2, 3, 4] as const;

/**
 * Upscale and variation (flag `upscaleVariation`): pick one of the four pictures of a grid
 * (click it) and upscale it (U) or draw variations of it (V).
 */
export default function UpscaleVariationDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('upscaleVariation');
  const [task, setTask] = useState<DrawTask | undefined>();
  const [cell, setCell] = useState<number>(1);
  const [what, setWhat] = useState<'upscale' | 'variation'>('upscale');
  const [sending, whileSending] = useBusy();
  useEffect(() => {
    if (open) setTask(props?.task && isGrid(props.task) ? props.task : undefined);
  }, [open, props?.task]);
  const button = task
    ? findButton(task.buttons, (k) => k.kind === what && 'index' in k && k.index === cell)
    : undefined;
  const send = async () => {
    if (!task || !button) return;
    await whileSending(async () => {
      await runButton(task.id, button.customId);
      close();
    });
  };
  const image = task?.images[0];
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.upscaleVariation.title')}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.upscaleVariation.text')}</p>
        {!props?.task ? <TaskPicker accepts={isGrid} value={task} onChange={setTask} /> : null}
        {image ? (
          <div className="relative self-center" style={{ width: 'min(100%, 360px)' }}>
            <img
              src={image.thumbUrl || image.url}
              alt={task?.prompt ?? ''}
              className="block w-full rounded-lg"
            />
            <div className="absolute inset-0 grid grid-cols-2 grid-rows-2">
              {cells.map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={cell === n}
                  aria-label={t('midjourney:dialogs.upscaleVariation.cell', { n })}
                  className={`cursor-pointer border-2 bg-transparent text-lg font-bold text-white/90 ${
                    cell === n ? 'border-violet-400 bg-violet-500/20' : 'border-transparent'
                  }`}
                  onClick={() => setCell(n)}
                >
                  {n}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        <Segmented
          value={what}
          onChange={(v) => setWhat(v as typeof what)}
          options={[
            {
              value: 'upscale',
              label: t('midjourney:dialogs.upscaleVariation.upscale', { n: cell }),
            },
            {
              value: 'variation',
              label: t('midjourney:dialogs.upscaleVariation.variation', { n: cell }),
            },
          ]}
        />
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={!button}
          loading={sending}
          label={t('midjourney:dialogs.upscaleVariation.submit')}
        />
      </div>
    </MjModal>
  );
}
