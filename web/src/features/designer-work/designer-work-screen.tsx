import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** DesignerWork: built by a later issue; until then its frame says what will be there. */
export default function DesignerWorkScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      name="designerWork"
      title={t('menu:designerWork')}
      text={t('screens:designerWork')}
    />
  );
}
