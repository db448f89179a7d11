import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Slider from 'antd/es/slider';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findButton } from '../buttons';
import { runButton, type DrawTask } from '../mj-data';
import { MjModal, TaskPicker, useBusy, useDialog, DialogActions } from './common';

const zoomable = (task: DrawTask) => !!findButton(task.buttons, (k) => k.kind === 'customZoom');

/** Custom zoom (flag `customZoom`): zoom an upscaled picture out by 1–2× with a new prompt. */
export default function CustomZoomDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('customZoom');
  const [task, setTask] = useState<DrawTask | undefined>();
  const [zoom, setZoom] = useState(1.5);
  const [prompt, setPrompt] = useState('');
  const [sending, whileSending] = useBusy();
  useEffect(() => {
    if (!open) return;
    const given = props?.task && zoomable(props.task) ? props.task : undefined;
    setTask(given);
    setPrompt(given?.prompt ?? '');
  }, [open, props?.task]);
  const customId =
    props?.customId && props.task?.id === task?.id
      ? props.customId
      : task && findButton(task.buttons, (k) => k.kind === 'customZoom')?.customId;
  const send = async () => {
    if (!task || !customId) return;
    await whileSending(async () => {
      await runButton(task.id, customId, { zoom, prompt: prompt.trim() || undefined });
      close();
    });
  };
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.customZoom.title')}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.customZoom.text')}</p>
        {!props?.task ? (
          <TaskPicker
            accepts={zoomable}
            value={task}
            onChange={(picked) => {
              setTask(picked);
              setPrompt(picked.prompt);
            }}
          />
        ) : task?.images[0] ? (
          <img
            src={task.images[0].thumbUrl}
            alt={task.prompt}
            className="max-h-56 self-center rounded-lg"
          />
        ) : null}
        <label className="flex flex-col gap-1 text-sm text-white/75" htmlFor="mj-zoom">
          {t('midjourney:dialogs.customZoom.zoom')}
          <div className="flex items-center gap-3">
            <Slider
              className="flex-1"
              min={1}
              max={2}
              step={0.05}
              value={zoom}
              onChange={setZoom}
            />
            <InputNumber
              id="mj-zoom"
              min={1}
              max={2}
              step={0.05}
              value={zoom}
              onChange={(v) => setZoom(v ?? 1.5)}
              className="!w-24"
            />
          </div>
        </label>
        <label className="flex flex-col gap-1 text-sm text-white/75">
          {t('midjourney:dialogs.customZoom.prompt')}
          <Input.TextArea
            value={prompt}
            maxLength={4000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </label>
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={!customId}
          loading={sending}
          label={t('midjourney:dialogs.customZoom.submit', { zoom })}
        />
      </div>
    </MjModal>
  );
}
