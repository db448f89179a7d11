import { DownloadOutlined, ExpandOutlined } from '@ant-design/icons';
import { TaskStatus, type sd } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Segmented from 'antd/es/segmented';
import Slider from 'antd/es/slider';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from '../../components/image-viewer';
import { downloadUrl } from '../../lib/download';
import { notify } from '../../lib/notify';
import { CompareSlider } from './compare-slider';
import { MaskPainter } from './mask-painter';
import { PicturePicker } from './picture-picker';
import { useToolSubmit, useToolTask, useUpload } from './tools-api';

function TaskState({ task }: { task: sd.SdTask }) {
  const { t } = useTranslation();
  const seconds = task.etaSeconds ?? 0;
  if (task.status === TaskStatus.queued)
    return (
      <p className="m-0 text-sm" data-testid="tool-status">
        {t('sd:status.queued', { position: task.queuePosition ?? 0, seconds })}
      </p>
    );
  if (task.status === TaskStatus.running)
    return (
      <div data-testid="tool-status">
        <Progress percent={task.progress} size="small" />
        <p className="m-0 text-sm">{t('sd:status.running', { percent: task.progress, seconds })}</p>
      </div>
    );
  if (task.status === TaskStatus.failed)
    return (
      <p className="m-0 text-sm text-red-300" data-testid="tool-status">
        {t('sd:status.failed', { error: task.error ?? '' })}
      </p>
    );
  return null;
}

/** The result beside its source, to download or open in the viewer. */
function ToolResult(props: { op: sd.ToolOp; before: string; after: string; id: number }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const name = `${props.op}-${props.id}.png`;
  return (
    <>
      <CompareSlider before={props.before} after={props.after} />
      <div className="flex gap-2">
        <Button icon={<DownloadOutlined />} onClick={() => downloadUrl(props.after, name)}>
          {t('sd:tools.download')}
        </Button>
        <Button icon={<ExpandOutlined />} onClick={() => setViewing(true)}>
          {t('sd:open')}
        </Button>
      </div>
      {viewing && (
        <ImageViewer
          image={{ url: props.after, name, alt: props.op }}
          onClose={() => setViewing(false)}
        />
      )}
    </>
  );
}

/** One operation: its picture(s), its options, the cost, then before/after of the result. */
export function ToolPanel(props: {
  op: sd.ToolOp;
  credits: number;
  image: string | null;
  setImage: (u: string) => void;
}) {
  const { t } = useTranslation();
  const { op, image } = props;
  const [face, setFace] = useState<string | null>(null);
  const [mask, setMask] = useState<Blob | null>(null);
  const [prompt, setPrompt] = useState('');
  const [scale, setScale] = useState<2 | 4>(2);
  const [strength, setStrength] = useState(0.6);
  const [taskId, setTaskId] = useState<number | null>(null);
  const submit = useToolSubmit();
  const upload = useUpload();
  const task = useToolTask(taskId).data;
  const result = task?.status === TaskStatus.succeeded ? task.images[0] : undefined;
  const masked = op === 'redraw' || op === 'remix';

  const run = async () => {
    if (!image) return;
    if (op === 'redraw' && !mask) return notify.error(t('sd:tools.maskNeeded'));
    if (op === 'faceswap' && !face) return notify.error(t('sd:tools.faceNeeded'));
    const maskUrl =
      masked && mask
        ? (await upload.mutateAsync(new File([mask], 'mask.png', { type: 'image/png' }))).url
        : undefined;
    const out = await submit.mutateAsync({
      op,
      image,
      ...(maskUrl ? { mask: maskUrl } : {}),
      ...(face ? { face } : {}),
      ...(masked ? { prompt, strength } : {}),
      ...(op === 'upscale' ? { scale } : {}),
    });
    setTaskId(out.id);
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[380px] lg:shrink-0">
        <PicturePicker
          label={t('sd:tools.upload')}
          value={image}
          onChange={props.setImage}
          pick
          testId="tool-upload"
        />
        {op === 'faceswap' && (
          <PicturePicker
            label={t('sd:tools.uploadFace')}
            value={face}
            onChange={setFace}
            testId="tool-face"
          />
        )}
        {op === 'upscale' && (
          <label className="flex items-center gap-3 text-sm text-white/70">
            {t('sd:tools.scale')}
            <Segmented<2 | 4>
              value={scale}
              onChange={setScale}
              options={[
                { value: 2, label: '2×' },
                { value: 4, label: '4×' },
              ]}
            />
          </label>
        )}
        {masked && (
          <>
            <Input.TextArea
              aria-label={t('sd:tools.prompt')}
              placeholder={t('sd:tools.prompt')}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              autoSize={{ minRows: 2 }}
            />
            <label className="flex items-center gap-3 text-sm text-white/70">
              {t('sd:tools.strength')}
              <Slider
                className="flex-1"
                min={0.05}
                max={1}
                step={0.05}
                value={strength}
                onChange={setStrength}
              />
            </label>
          </>
        )}
        <Button
          type="primary"
          disabled={!image}
          loading={submit.isPending || upload.isPending}
          onClick={() => void run()}
        >
          {t('sd:tools.run', { credits: props.credits })}
        </Button>
        {task && <TaskState task={task} />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {image && masked && !result && <MaskPainter src={image} onMask={setMask} />}
        {image && !masked && !result && (
          <img src={image} alt="" className="max-h-[60vh] self-start rounded" />
        )}
        {image && result && task && (
          <ToolResult op={op} before={image} after={result.url} id={task.id} />
        )}
      </div>
    </div>
  );
}
