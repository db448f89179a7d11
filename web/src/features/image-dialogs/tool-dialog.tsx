import { isTaskActive, TaskStatus, type sd } from '@atelier/contracts';
import Button from 'antd/es/button';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToolOps, useToolSubmit, useToolTask, type ToolSubmit } from '../../api/tool-tasks';
import { SheetModal } from '../../components/sheet-modal';
import { ToolResult, ToolTaskState } from '../../components/tool-task-view';
import { useDialogs, type PictureTarget } from '../../stores/dialogs';

/*
 * What the image screens' toolbox dialogs share (photo repair, tools redraw, upscale and
 * variation): the picture they act on, the operation's price before the paid click, the
 * submitted task's progress in numbers, and its result beside the source.
 */

type PictureDialog = 'photoRepair' | 'toolsRedraw' | 'upscaleVariation';

/** The dialog's flag, its picture and how to close it. */
export function usePictureDialog(name: PictureDialog) {
  const open = useDialogs((s) => s.flags[name]);
  const picture = useDialogs((s) => s.props[name]?.picture) as PictureTarget | undefined;
  const close = () => useDialogs.getState().close(name);
  return { open, picture, close };
}

/** One toolbox run from a dialog: submit, then the task as it moves (a new picture starts over). */
export function useToolRun(pictureUrl: string | undefined) {
  const submit = useToolSubmit();
  const [taskId, setTaskId] = useState<number | null>(null);
  useEffect(() => setTaskId(null), [pictureUrl]);
  const task = useToolTask(taskId).data;
  return {
    task,
    busy: submit.isPending || (!!task && isTaskActive(task.status)),
    run: async (body: ToolSubmit) => setTaskId((await submit.mutateAsync(body)).id),
  };
}

/** The operation's price and who serves it, in words; null while the list loads. */
function Cost({ op }: { op: sd.ToolOp }) {
  const { t } = useTranslation();
  const row = useToolOps().data?.rows.find((o) => o.op === op);
  if (!row) return null;
  if (!row.enabled)
    return <span className="text-sm text-amber-300">{t('images:dialogs.unavailable')}</span>;
  return (
    <span className="text-sm text-white/70" data-testid="tool-dialog-cost">
      {t('images:dialogs.cost', {
        credits: row.credits,
        provider: row.demo ? t('images:demo') : row.providerName,
      })}
    </span>
  );
}

/** The dialog around one operation on `picture`: controls, cost, progress, result. */
export function ToolDialog(props: {
  name: PictureDialog;
  title: string;
  intro: string;
  op: sd.ToolOp;
  run: ReturnType<typeof useToolRun>;
  canSubmit: boolean;
  submitLabel: string;
  onSubmit: (picture: PictureTarget) => Promise<void>;
  /** The operation's controls, shown until it has a result. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { open, picture, close } = usePictureDialog(props.name);
  const { task, busy } = props.run;
  const result = task?.status === TaskStatus.succeeded ? task.images[0] : undefined;
  const enabled = useToolOps().data?.rows.find((o) => o.op === props.op)?.enabled ?? false;
  return (
    <SheetModal open={open} onCancel={close} title={props.title} width={720}>
      <div className="flex flex-col gap-4" data-testid={`dialog-${props.name}`}>
        <p className="m-0 text-sm text-white/60">{props.intro}</p>
        {picture && task && result ? (
          // A square result stays within the screen's height, the actions in view.
          <div className="mx-auto flex w-full max-w-[55vh] flex-col gap-2">
            <ToolResult op={props.op} before={picture.url} after={result.url} id={task.id} />
          </div>
        ) : (
          props.children
        )}
        {task && <ToolTaskState task={task} />}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Cost op={props.op} />
          <Button onClick={close}>{t('images:dialogs.close')}</Button>
          <Button
            type="primary"
            data-testid="tool-dialog-submit"
            disabled={!picture || !enabled || !props.canSubmit}
            loading={busy}
            onClick={() => picture && void props.onSubmit(picture).catch(() => undefined)}
          >
            {props.submitLabel}
          </Button>
        </div>
      </div>
    </SheetModal>
  );
}
