import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { FieldTextArea } from '../../components/lite/lite-forms';

// The outline's state lives beside the map's first view, which draws no antd (use-mind-outline.ts).
export { useMindOutline } from './use-mind-outline';

/**
 * The outline box beside the map: a plain text box, read-only while the answer streams. Drawn
 * without antd, with the screen's first view: the answer streams into it while the map's part
 * (markmap, antd) is still being fetched.
 */
export function OutlinePanel({
  value,
  readOnly,
  onChange,
}: {
  value: string;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('mind');
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <label htmlFor="mind-outline" className="flex items-center gap-2 text-sm text-white/75">
        <Glyph icon={UnorderedListOutlined} />
        {t('outline.title')}
      </label>
      <FieldTextArea
        id="mind-outline"
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        autoSize={{ minRows: 8, maxRows: 24 }}
        onChange={(e) => onChange(e.target.value)}
        className="font-mono text-[13px]"
      />
      <span className="text-xs text-white/55">{t('outline.hint')}</span>
    </div>
  );
}
