import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { video as V } from '@atelier/contracts';
import { useCutVideo, useExtendVideo } from './video-api';

/** The spec's video part dialog: cut start–end into a new video, or extend from a point. */
export function PartDialog(props: {
  task: V.VideoTask | null;
  canExtend: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['video']);
  const total = props.task?.duration ?? 0;
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(total);
  const cut = useCutVideo();
  const extend = useExtendVideo();
  const task = props.task;
  return (
    <Modal
      open={!!task}
      title={t('video:partTitle')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      {task && (
        <div className="flex flex-col gap-3">
          <video src={task.video?.url} controls className="w-full rounded" />
          <div className="flex flex-wrap gap-3">
            <label className="flex items-center gap-2">
              {t('video:partStart')}
              <InputNumber
                min={0}
                max={total}
                step={0.5}
                value={start}
                onChange={(v) => setStart(v ?? 0)}
              />
            </label>
            <label className="flex items-center gap-2">
              {t('video:partEnd')}
              <InputNumber
                min={0}
                max={total}
                step={0.5}
                value={end || total}
                onChange={(v) => setEnd(v ?? total)}
              />
            </label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="primary"
              loading={cut.isPending}
              disabled={(end || total) <= start}
              onClick={() =>
                cut.mutateAsync({ id: task.id, start, end: end || total }).then(props.onClose)
              }
            >
              {t('video:partCut')}
            </Button>
            {props.canExtend && (
              <Button
                loading={extend.isPending}
                onClick={() =>
                  extend
                    .mutateAsync({ id: task.id, prompt: task.prompt, fromSeconds: start })
                    .then(props.onClose)
                }
              >
                {t('video:partExtend')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
