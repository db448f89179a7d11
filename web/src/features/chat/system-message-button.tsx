import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import { Glyph } from '../../components/glyph';
import { useTranslation } from 'react-i18next';
import { defaultSystemMessage, useSettingsStorage } from '../../stores/settings-storage';
import { Button, Popover, TextArea, Tooltip } from '../../components/lite/lite';

/** The user's own system message (for groups not started from an app). */
export function SystemMessageButton() {
  const { t } = useTranslation('chat');
  const systemMessage = useSettingsStorage((s) => s.systemMessage);
  const setSystemMessage = useSettingsStorage((s) => s.setSystemMessage);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('header.systemMessage')}
      content={
        <div className="flex w-80 max-w-[80vw] flex-col gap-2">
          <TextArea
            value={systemMessage}
            onChange={(e) => setSystemMessage(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={20_000}
            aria-label={t('header.systemMessage')}
          />
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-white/55">{t('header.systemMessageHint')}</span>
            <Button
              size="small"
              disabled={systemMessage === defaultSystemMessage}
              onClick={() => setSystemMessage(defaultSystemMessage)}
            >
              {t('header.systemMessageReset')}
            </Button>
          </div>
        </div>
      }
    >
      <Tooltip title={t('header.systemMessage')}>
        <Button
          type="text"
          icon={<Glyph icon={SettingOutlined} />}
          aria-label={t('header.systemMessage')}
        />
      </Tooltip>
    </Popover>
  );
}
