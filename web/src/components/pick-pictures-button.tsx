import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import { useTranslation } from 'react-i18next';
import { Glyph } from './glyph';
import { Button } from './lite/lite';
import { useDialogs } from '../stores/dialogs';

/** Opens the upload-images dialog; the pictures picked there (at most `max`) come back. */
export function PickPicturesButton(props: { max: number; onPicked: (urls: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<Glyph icon={PictureOutlined} />}
      data-testid="pick-pictures"
      disabled={props.max < 1}
      onClick={() =>
        useDialogs.getState().open('uploadImages', {
          target: 'picture',
          max: props.max,
          onPicked: (pictures) => props.onPicked(pictures.map((p) => p.url)),
        })
      }
    >
      {t('images:dialogs.upload.open')}
    </Button>
  );
}
