import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findButton } from '../buttons';
import { runButton, type DrawTask } from '../mj-data';
import { MjModal, TaskPicker, useBusy, useDialog, DialogActions } from './common';

const fixable = (task: DrawTask) =>
  !!findButton(task.buttons, (k) => k.kind === 'upscaleSubtle' || k.kind === 'upscaleCreative');

/**
 * Photo fix (flag `photoFix`): an upscaled picture redrawn at twice the size, keeping it as it
 * is (subtle) or adding detail (creative).
 */
export default function PhotoFixDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('photoFix');
  const [task, setTask] = useState<DrawTask | undefined>();
  const [mode, setMode] = useState<'subtle' | 'creative'>('subtle');
  const [sending, whileSending] = useBusy();
  useEffect(() => {
    if (open) setTask(props?.task && fixable(props.task) ? props.task : undefined);
  }, [open, props?.task]);
  const button = task
    ? findButton(task.buttons, (k) =>
        mode === 'subtle' ? k.kind === 'upscaleSubtle' : k.kind === 'upscaleCreative',
      )
    : undefined;
  const send = async () => {
    if (!task || !button) return;
    await whileSending(async () => {
      await runButton(task.id, button.customId);
      close();
    });
  };
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.photoFix.title')}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.photoFix.text')}</p>
        <TaskPicker accepts={fixable} value={task} onChange={setTask} />
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
          <Radio value="subtle">{t('midjourney:buttons.upscaleSubtle')}</Radio>
          <Radio value="creative">{t('midjourney:buttons.upscaleCreative')}</Radio>
        </Radio.Group>
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={!button}
          loading={sending}
          label={t('midjourney:dialogs.photoFix.submit')}
        />
      </div>
    </MjModal>
  );
}
