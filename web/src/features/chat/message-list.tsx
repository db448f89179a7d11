import ArrowDownOutlined from '@ant-design/icons-svg/es/asn/ArrowDownOutlined';
import { Glyph } from '../../components/glyph';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNearBottom } from './chat-logic';
import { MessageItem, type MessageView } from './message-item';
import { Button } from '../../components/lite/lite';

export interface MessageListProps {
  messages: MessageView[];
  /** Changes when another group opens: the list starts again at its bottom. */
  groupKey: number | null;
  busy: boolean;
  onDelete: (id: number) => Promise<void>;
  onRegenerate: () => void;
  onPreview: (message: MessageView) => void;
  onEdit: (id: number, prompt: string) => void;
  onSwitch: (id: number) => void;
}

/** A first guess of a row's height; rows are measured once drawn. */
const ESTIMATED_ROW_PX = 140;

/**
 * The conversation, virtualised (only the rows on screen are in the DOM, so 10,000 messages
 * scroll smoothly). It follows the end while text arrives unless the user scrolled up; a button
 * brings them back.
 */
export function MessageList({
  messages,
  groupKey,
  busy,
  onDelete,
  onRegenerate,
  onPreview,
  onEdit,
  onSwitch,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [away, setAway] = useState(false);
  const lastGroup = useRef(groupKey);
  if (lastGroup.current !== groupKey) {
    lastGroup.current = groupKey;
    stick.current = true;
  }

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => messages[index]!.key,
    overscan: 6,
    paddingStart: 24,
    paddingEnd: 24,
  });

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // After every render (new rows, a growing answer, rows measured) keep to the end if stuck.
  useLayoutEffect(() => {
    if (stick.current) toBottom();
  });

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const near = isNearBottom(el.scrollTop, el.clientHeight, el.scrollHeight);
    stick.current = near;
    if (near === away) setAway(!near);
  };

  const last = messages.length - 1;
  const lastAnswer = messages[last]?.role === 'assistant' ? last : -1;

  return (
    <div className="relative h-full">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="chat-messages"
        className="h-full overflow-y-auto overscroll-contain"
        role="log"
        aria-live="polite"
        aria-busy={busy}
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const message = messages[row.index]!;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full px-3 sm:px-6"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <div className="mx-auto w-full max-w-3xl pb-6">
                  <MessageItem
                    message={message}
                    canRegenerate={row.index === lastAnswer && message.id !== null}
                    busy={busy}
                    onDelete={onDelete}
                    onRegenerate={onRegenerate}
                    onPreview={onPreview}
                    onEdit={onEdit}
                    onSwitch={onSwitch}
                  />
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {away && (
        <Button
          shape="circle"
          icon={<Glyph icon={ArrowDownOutlined} />}
          aria-label={t('message.toBottom')}
          title={t('message.toBottom')}
          onClick={() => {
            stick.current = true;
            setAway(false);
            toBottom();
          }}
          className="!absolute bottom-4 left-1/2 -translate-x-1/2 shadow-lg"
        />
      )}
    </div>
  );
}
