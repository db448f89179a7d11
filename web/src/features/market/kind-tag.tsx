import { useTranslation } from 'react-i18next';
import { PurpleTag } from '../../components/lite/lite';

/** The kind of a prompt in words (unknown kinds of later issues: "other"). */
export function KindTag({ kind }: { kind: string }) {
  const { t } = useTranslation('market');
  const label =
    kind === 'chat'
      ? t('kind.chat')
      : kind === 'mj'
        ? t('kind.mj')
        : kind === 'chat-draw'
          ? t('kind.chat-draw')
          : kind === 'image'
            ? t('kind.image')
            : kind.startsWith('sd')
              ? t('kind.sd')
              : kind.startsWith('video')
                ? t('kind.video')
                : kind.startsWith('music')
                  ? t('kind.music')
                  : t('kind.other');
  // Drawn without antd: the market's cards show it in their first view.
  return <PurpleTag>{label}</PurpleTag>;
}
