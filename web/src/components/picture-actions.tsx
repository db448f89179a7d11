import { ExpandAltOutlined, HighlightOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useDialogs, type PictureTarget } from '../stores/dialogs';

/**
 * The toolbox dialogs a picture of the image screens opens (photo repair, redraw a region,
 * upscale and variation). `before` runs first (the viewer closes so the dialog is on top).
 */
export function PictureToolActions(props: { picture: PictureTarget; before?: () => void }) {
  const { t } = useTranslation();
  const open = (name: 'photoRepair' | 'toolsRedraw' | 'upscaleVariation') => () => {
    props.before?.();
    useDialogs.getState().open(name, { picture: props.picture });
  };
  return (
    <>
      <Button
        size="small"
        icon={<MedicineBoxOutlined />}
        onClick={open('photoRepair')}
        data-testid="open-photo-repair"
      >
        {t('images:dialogs.open.photoRepair')}
      </Button>
      <Button
        size="small"
        icon={<HighlightOutlined />}
        onClick={open('toolsRedraw')}
        data-testid="open-tools-redraw"
      >
        {t('images:dialogs.open.toolsRedraw')}
      </Button>
      <Button
        size="small"
        icon={<ExpandAltOutlined />}
        onClick={open('upscaleVariation')}
        data-testid="open-upscale-variation"
      >
        {t('images:dialogs.open.upscaleVariation')}
      </Button>
    </>
  );
}
