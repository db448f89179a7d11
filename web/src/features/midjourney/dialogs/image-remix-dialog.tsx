import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonKind } from '../buttons';
import { runButton } from '../mj-data';
import { MjModal, useBusy, useDialog, DialogActions } from './common';

/**
 * Image remix (flag `imageRemix`): a variation of a result with a changed prompt (Midjourney's
 * remix: the variation button and a new prompt).
 */
export default function ImageRemixDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('imageRemix');
  const task = props?.task;
  const choices = (task?.buttons ?? [])
    .map((b) => ({ b, k: buttonKind(b) }))
    .filter(
      (x) => x.k.kind === 'variation' || x.k.kind === 'varyStrong' || x.k.kind === 'varySubtle',
    );
  const [customId, setCustomId] = useState('');
  const [prompt, setPrompt] = useState('');
  const [sending, whileSending] = useBusy();
  useEffect(() => {
    if (!open || !task) return;
    setPrompt(task.prompt);
    setCustomId(choices[0]?.b.customId ?? '');
    // Reset when another result is opened, not on every render of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, task?.id]);
  const send = async () => {
    if (!task || !customId) return;
    await whileSending(async () => {
      await runButton(task.id, customId, { prompt: prompt.trim() || undefined });
      close();
    });
  };
  const label = (k: ReturnType<typeof buttonKind>) =>
    k.kind === 'variation'
      ? `V${k.index}`
      : k.kind === 'varyStrong'
        ? t('midjourney:buttons.varyStrong')
        : t('midjourney:buttons.varySubtle');
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.remix.title')}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.remix.text')}</p>
        {task?.images[0] ? (
          <img
            src={task.images[0].thumbUrl}
            alt={task.prompt}
            className="max-h-60 self-center rounded-lg"
          />
        ) : null}
        {choices.length > 0 ? (
          <Segmented
            value={customId}
            onChange={(v) => setCustomId(v as string)}
            options={choices.map(({ b, k }) => ({ value: b.customId, label: label(k) }))}
          />
        ) : null}
        <label className="flex flex-col gap-1 text-sm text-white/75">
          {t('midjourney:dialogs.remix.prompt')}
          <Input.TextArea
            value={prompt}
            maxLength={4000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </label>
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={!customId}
          loading={sending}
          label={t('midjourney:dialogs.remix.submit')}
        />
      </div>
    </MjModal>
  );
}
