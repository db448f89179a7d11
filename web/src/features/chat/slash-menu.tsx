import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { Glyph } from '../../components/glyph';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../stores/dialogs';
import type { PromptEntry } from '../../stores/prompt-store';
import { Button } from '../../components/lite/lite';

/**
 * The `/` menu of someone with no prompts at all: says where they come from, with a way to
 * import the built-in ones (the prompt store's Online tab). Not a listbox: it has no options.
 */
export function NoPrompts() {
  const { t } = useTranslation('chat');
  return (
    <div
      id="chat-slash-menu"
      role="status"
      data-testid="chat-slash-empty"
      className="absolute inset-x-0 bottom-full z-20 mb-2 flex flex-col items-start gap-2 rounded-xl border border-white/10 bg-[#1b1b22] px-4 py-3 shadow-2xl sm:flex-row sm:items-center"
    >
      <p className="m-0 flex-1 text-[13px] leading-5 text-white/60">{t('input.slashNone')}</p>
      <Button
        type="primary"
        icon={<Glyph icon={CloudDownloadOutlined} />}
        className="max-[639px]:!h-10"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => useDialogs.getState().open('promptStore', { tab: 'online' })}
      >
        {t('input.slashImport')}
      </Button>
    </div>
  );
}

/** The `/` menu: prompt store entries matching what follows the slash. */
export function SlashMenu({
  items,
  selected,
  onPick,
  onHover,
}: {
  items: PromptEntry[];
  selected: number;
  onPick: (entry: PromptEntry) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="listbox"
      id="chat-slash-menu"
      aria-label={t('input.slashTitle')}
      className="absolute inset-x-0 bottom-full z-20 mb-2 max-h-72 overflow-y-auto rounded-xl border border-white/10 bg-[#1b1b22] p-1 shadow-2xl"
    >
      {items.length === 0 ? (
        <p className="m-0 px-3 py-3 text-[13px] text-white/55">{t('input.slashEmpty')}</p>
      ) : (
        items.map((entry, index) => (
          <div
            key={entry.title}
            id={`chat-slash-${index}`}
            role="option"
            aria-selected={index === selected}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(entry);
            }}
            onMouseEnter={() => onHover(index)}
            className={`flex cursor-pointer flex-col gap-0.5 rounded-lg px-3 py-2 ${
              index === selected ? 'bg-white/[0.08]' : ''
            }`}
          >
            <span className="truncate text-[13px] font-medium text-white/90">{entry.title}</span>
            <span className="truncate text-xs text-white/55">{entry.content}</span>
          </div>
        ))
      )}
    </div>
  );
}
