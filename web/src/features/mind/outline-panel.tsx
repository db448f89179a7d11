import { UnorderedListOutlined } from '@ant-design/icons';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extractOutline } from './outline';

/**
 * The outline behind the map: the streamed answer's markdown until the user edits it, then the
 * text exactly as typed. The box never shows a normalised copy of what was typed (a trimmed
 * value would eat a space or a new line typed at the end before the next key arrives).
 */
export function useMindOutline(answer: string, version: number) {
  // An edit belongs to the answer's version it was made on: a new (or growing, or restored)
  // answer replaces it.
  const [edited, setEdited] = useState<{ version: number; text: string } | null>(null);
  const kept = edited !== null && edited.version === version ? edited.text : null;
  const fromAnswer = extractOutline(answer);
  return {
    outline: kept ?? fromAnswer,
    /** Whether there is an outline to show, also once the user has emptied the box. */
    shown: kept !== null || fromAnswer !== '',
    edit: (text: string) => setEdited({ version, text }),
  };
}

/** The outline box beside the map: a plain text box, read-only while the answer streams. */
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
        <UnorderedListOutlined />
        {t('outline.title')}
      </label>
      <Input.TextArea
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
