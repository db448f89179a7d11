import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { Glyph } from '../../components/glyph';
import { useTranslation } from 'react-i18next';
import { useChatStorage } from '../../stores/chat-storage';
import { useToolsInfo } from './chat-api';
import { Button, Tooltip } from '../../components/lite/lite';

/** The input's small tool buttons grow to a 40 px tap target on phones (as in chat-input). */
const PHONE_TAP = 'max-[639px]:!h-10 max-[639px]:!min-w-10';

/** Web search for the next questions: a switch shown when the site has a search provider. */
export function WebSearchToggle() {
  const { t } = useTranslation('chat');
  const info = useToolsInfo();
  const webSearch = useChatStorage((s) => s.webSearch);
  const setWebSearch = useChatStorage((s) => s.setWebSearch);
  if (!info.data?.webSearch) return null;
  return (
    <Tooltip title={webSearch ? t('input.webSearchOn') : t('input.webSearchOff')}>
      <Button
        size="small"
        type="text"
        icon={<Glyph icon={GlobalOutlined} />}
        aria-pressed={webSearch}
        aria-label={t('input.webSearch')}
        data-testid="chat-web-search"
        onClick={() => setWebSearch(!webSearch)}
        className={`${PHONE_TAP} ${webSearch ? '!text-[var(--accent-text)]' : '!text-white/60'}`}
      >
        <span className="max-[639px]:hidden">{t('input.webSearch')}</span>
      </Button>
    </Tooltip>
  );
}

/** Whether the next question searches the web: switched on, and offered by the site. */
export function useWebSearchOn(): boolean {
  const info = useToolsInfo();
  const webSearch = useChatStorage((s) => s.webSearch);
  return webSearch && info.data?.webSearch === true;
}
