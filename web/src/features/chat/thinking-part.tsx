import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { Glyph } from '../../components/glyph';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole seconds of thinking shown, at least 1 once it has ended. */
export const thoughtSeconds = (ms: number | null): number =>
  Math.max(1, Math.round((ms ?? 0) / 1000));

/**
 * A reasoning model's thinking above its answer: open while the model thinks, folded once the
 * answer starts ("Thought for N s"); a click opens or folds it again. Plain text, muted: it is
 * the model's scratch work, not the answer.
 */
export function ThinkingPart({
  reasoning,
  ms,
  thinking,
}: {
  reasoning: string;
  /** How long it thought; null while it still does. */
  ms: number | null;
  /** True while thoughts arrive and no answer text has come yet. */
  thinking: boolean;
}) {
  const { t } = useTranslation(['chat']);
  const [open, setOpen] = useState(thinking);
  const bodyId = useId();
  // Folds by itself when the answer starts; opening it again is the reader's choice.
  useEffect(() => {
    setOpen(thinking);
  }, [thinking]);

  return (
    <div data-testid="chat-thinking" data-open={open} className="flex flex-col gap-1">
      <button
        type="button"
        data-testid="chat-thinking-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-fit cursor-pointer items-center gap-1.5 rounded-md border-0 bg-white/[0.04] px-2 py-1 text-[13px] text-white/60 hover:text-white/85"
      >
        {thinking ? <Glyph icon={LoadingOutlined} /> : <Glyph icon={BulbOutlined} />}
        <span>
          {thinking
            ? t('chat:message.reasoningLive')
            : t('chat:message.reasoningDone', { seconds: thoughtSeconds(ms) })}
        </span>
        <Glyph
          icon={DownOutlined}
          className={`text-[10px] transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden
        />
      </button>
      {open && (
        <div
          id={bodyId}
          data-testid="chat-thinking-text"
          className="border-l-2 border-white/15 pl-3 text-[13px] leading-6 break-words whitespace-pre-wrap text-white/55"
        >
          {reasoning}
        </div>
      )}
    </div>
  );
}
