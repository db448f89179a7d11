import { useTranslation } from 'react-i18next';
import { ToolDialog, usePictureDialog, useToolRun } from './tool-dialog';

/**
 * Photo repair (flag `photoRepair`): the toolbox's restore (face restore, denoise, sharpen) on a
 * picture of the image screens, its result beside the source.
 */
export default function PhotoRepairDialog() {
  const { t } = useTranslation();
  const { picture } = usePictureDialog('photoRepair');
  const run = useToolRun(picture?.url);
  return (
    <ToolDialog
      name="photoRepair"
      op="restore"
      title={t('images:dialogs.photoRepair.title')}
      intro={t('images:dialogs.photoRepair.text')}
      submitLabel={t('images:dialogs.photoRepair.submit')}
      run={run}
      canSubmit
      onSubmit={(p) => run.run({ op: 'restore', image: p.url, prompt: p.prompt })}
    >
      {picture && (
        <img src={picture.url} alt={picture.prompt} className="max-h-[50vh] self-center rounded" />
      )}
    </ToolDialog>
  );
}
