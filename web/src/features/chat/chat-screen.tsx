import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Chat: built by a later issue; until then its frame says what will be there. */
export default function ChatScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="Chat" title={t('menu:chat')} text={t('screens:chat')} />;
}
