import { ExpandAltOutlined, HighlightOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs, type PictureTarget } from '../stores/dialogs';

type PictureDialog = 'photoRepair' | 'toolsRedraw' | 'upscaleVariation';

const ACTIONS: Array<[PictureDialog, ReactNode, string]> = [
  ['photoRepair', <MedicineBoxOutlined key="r" />, 'open-photo-repair'],
  ['toolsRedraw', <HighlightOutlined key="d" />, 'open-tools-redraw'],
  ['upscaleVariation', <ExpandAltOutlined key="u" />, 'open-upscale-variation'],
];

/**
 * The toolbox dialogs a picture of the image screens opens (photo repair, redraw a region,
 * upscale and variation). `before` runs first (the viewer closes so the dialog is on top).
 */
export function PictureToolActions(props: { picture: PictureTarget; before?: () => void }) {
  const { t } = useTranslation();
  const open = (name: PictureDialog) => () => {
    props.before?.();
    useDialogs.getState().open(name, { picture: props.picture });
  };
  return (
    <>
      {ACTIONS.map(([name, icon, testId]) => (
        <Button key={name} size="small" icon={icon} onClick={open(name)} data-testid={testId}>
          {t(`images:dialogs.open.${name}`)}
        </Button>
      ))}
    </>
  );
}
