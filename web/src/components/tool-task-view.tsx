import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import { TaskStatus, type sd } from '@atelier/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../lib/download';
import { CompareSlider } from './compare-slider';
import { Glyph } from './glyph';
import { Button, lazyThemed } from './lite/lite';
import { Progress } from './lite/lite-forms';

/** The picture viewer loads when a result is first opened (`/tools` draws no antd before). */
const ImageViewer = lazyThemed(() => import('./image-viewer').then((m) => m.ImageViewer));

/*
 * A toolbox task as /tools and the image screens' dialogs show it: its place in line, percent
 * and seconds while it runs, the reason when it failed, and the result beside its source.
 */

export function ToolTaskState({ task }: { task: sd.SdTask }) {
  const { t } = useTranslation();
  const seconds = task.etaSeconds ?? 0;
  if (task.status === TaskStatus.queued)
    return (
      <p className="m-0 text-sm" data-testid="tool-status" aria-live="polite">
        {t('sd:status.queued', { position: task.queuePosition ?? 0, seconds })}
      </p>
    );
  if (task.status === TaskStatus.running)
    return (
      <div data-testid="tool-status" aria-live="polite">
        <Progress percent={task.progress} size="small" />
        <p className="m-0 text-sm">{t('sd:status.running', { percent: task.progress, seconds })}</p>
      </div>
    );
  if (task.status === TaskStatus.failed)
    return (
      <p className="m-0 text-sm text-red-300" data-testid="tool-status" role="alert">
        {t('sd:status.failed', { error: task.error ?? '' })}
      </p>
    );
  return null;
}

/**
 * The result beside its source (before/after slider), to download or open in the viewer;
 * `details` are what the viewer shows beside it (its actions).
 */
export function ToolResult(props: {
  op: sd.ToolOp;
  before: string;
  after: string;
  id: number;
  details?: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const name = `${props.op}-${props.id}.png`;
  return (
    <>
      <CompareSlider before={props.before} after={props.after} />
      <div className="flex flex-wrap gap-2">
        <Button
          icon={<Glyph icon={DownloadOutlined} />}
          onClick={() => downloadUrl(props.after, name)}
        >
          {t('sd:tools.download')}
        </Button>
        <Button icon={<Glyph icon={ExpandOutlined} />} onClick={() => setViewing(true)}>
          {t('sd:open')}
        </Button>
      </div>
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer
            image={{ url: props.after, name, alt: props.op }}
            onClose={() => setViewing(false)}
            details={props.details?.(() => setViewing(false))}
          />
        </Suspense>
      )}
    </>
  );
}
