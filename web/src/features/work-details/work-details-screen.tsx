import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** WorkDetails: built by a later issue; until then its frame says what will be there. */
export default function WorkDetailsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon name="workDetails" title={t('menu:workDetails')} text={t('screens:workDetails')} />
  );
}
