import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { drawing } from '@atelier/contracts/full';
import { submitDraw } from '../mj-data';
import { useComposer } from '../mj-store';
import type { MjParams } from '../params';
import { MjModal, useBusy, useDialog } from './common';

/** The drawing parameters kept on a task, read back safely (anything unknown is dropped). */
function paramsOf(raw: Record<string, unknown> | undefined): MjParams {
  const parsed = drawing.mjParams.safeParse(raw ?? {});
  if (!parsed.success) return {};
  const { imageUrls: _i, crefUrls: _c, srefUrls: _s, ...rest } = parsed.data;
  return rest;
}

/**
 * Draw the same (flag `drawSame`): a gallery piece or a result with its prompt; fill the
 * composer with it, or draw it at once.
 */
export default function DrawSameDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('drawSame');
  const [sending, whileSending] = useBusy();
  const fill = () => {
    if (!props) return;
    useComposer.getState().setPrompt(props.prompt);
    if (props.params) useComposer.getState().replaceParams(paramsOf(props.params));
    close();
  };
  const drawNow = async () => {
    if (!props) return;
    await whileSending(async () => {
      await submitDraw({
        type: 'imagine',
        modelId: useComposer.getState().modelId,
        prompt: props.prompt,
        params: paramsOf(props.params),
      });
      close();
    });
  };
  return (
    <MjModal
      open={open}
      onCancel={close}
      title={props?.title || t('midjourney:dialogs.drawSame.title')}
    >
      <div className="flex flex-col gap-3">
        {props?.imageUrl ? (
          <img
            src={props.imageUrl}
            alt={props.title ?? props.prompt}
            className="max-h-[50vh] self-center rounded-lg"
          />
        ) : null}
        {props?.description ? (
          <p className="m-0 text-sm text-white/65">{props.description}</p>
        ) : null}
        <code className="rounded-lg bg-black/30 p-3 text-xs break-words whitespace-pre-wrap text-white/80">
          {props?.prompt}
        </code>
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={fill}>{t('midjourney:dialogs.drawSame.fill')}</Button>
          <Button type="primary" loading={sending} onClick={() => void drawNow()}>
            {t('midjourney:dialogs.drawSame.draw')}
          </Button>
        </div>
      </div>
    </MjModal>
  );
}
