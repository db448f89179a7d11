import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Tools: built by a later issue; until then its frame says what will be there. */
export default function ToolsScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="tools" title={t('menu:tools')} text={t('screens:tools')} />;
}
