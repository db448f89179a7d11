import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Role: built by a later issue; until then its frame says what will be there. */
export default function RoleScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="role" title={t('menu:role')} text={t('screens:role')} />;
}
