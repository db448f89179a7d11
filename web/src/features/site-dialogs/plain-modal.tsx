import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Glyph } from '../../components/glyph';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A centred dialog drawn like antd's Modal (same surface, radius, spacing, mask and layer), for
 * the notice that opens on every first visit: antd's Modal lives in the chunk the screens share
 * (`ui-*.js`, about 130 KB), which the phone launcher does not need otherwise. Like antd's, it
 * is a `role="dialog"` labelled by its title, takes focus when it opens and keeps Tab inside,
 * closes with Escape, × or a click on the mask, gives focus back when it closes, and is not
 * the top layer, so a dialog opened after it (login, update) shows above it.
 */
export function PlainModal({
  open,
  title,
  closeLabel,
  onClose,
  footer,
  children,
}: {
  open: boolean;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    box.current?.focus({ preventScroll: true });
    return () => {
      document.body.style.overflow = overflow;
      before?.focus?.({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="plain-modal-root">
      <div className="fixed inset-0 z-[1000] bg-black/45" aria-hidden="true" />
      <div
        className="fixed inset-0 z-[1000] flex items-center justify-center overflow-auto"
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
      >
        <div
          ref={box}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="relative mx-2 my-6 w-[560px] max-w-[calc(100vw-16px)] rounded-lg bg-[#1c1c23] px-6 py-5 text-sm leading-[1.5715] text-white/[0.88] shadow-[0_6px_16px_0_rgba(0,0,0,0.08),0_3px_6px_-4px_rgba(0,0,0,0.12),0_9px_28px_8px_rgba(0,0,0,0.05)] outline-none sm:mx-4 sm:max-w-[calc(100vw-32px)]"
        >
          <button
            type="button"
            aria-label={closeLabel}
            onClick={onClose}
            className="absolute right-[17px] top-[17px] flex h-[22px] w-[22px] cursor-pointer items-center justify-center rounded border-0 bg-transparent p-0 text-base text-white/45 transition-colors hover:bg-white/[0.06] hover:text-white/[0.88]"
          >
            <Glyph icon={CloseOutlined} />
          </button>
          <div className="mb-2 pr-6">
            <div id={titleId} className="m-0 text-base font-semibold leading-6 text-white/[0.88]">
              {title}
            </div>
          </div>
          <div>{children}</div>
          <div className="mt-3">{footer}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
