import { ExpandAltOutlined, HighlightOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs, type PictureTarget } from '../stores/dialogs';

type PictureDialog = 'photoRepair' | 'toolsRedraw' | 'upscaleVariation';

/** Each dialog: its icon, its label's key (literal, so the locale check sees it), its test id. */
const ACTIONS: Array<[PictureDialog, ReactNode, string, string]> = [
  [
    'photoRepair',
    <MedicineBoxOutlined key="r" />,
    'images:dialogs.open.photoRepair',
    'open-photo-repair',
  ],
  [
    'toolsRedraw',
    <HighlightOutlined key="d" />,
    'images:dialogs.open.toolsRedraw',
    'open-tools-redraw',
  ],
  [
    'upscaleVariation',
    <ExpandAltOutlined key="u" />,
    'images:dialogs.open.upscaleVariation',
    'open-upscale-variation',
  ],
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
      {ACTIONS.map(([name, icon, label, testId]) => (
        <Button key={name} size="small" icon={icon} onClick={open(name)} data-testid={testId}>
          {t(label)}
        </Button>
      ))}
    </>
  );
}
