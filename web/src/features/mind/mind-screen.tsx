import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Mind: built by a later issue; until then its frame says what will be there. */
export default function MindScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="mind" title={t('menu:mind')} text={t('screens:mind')} />;
}
