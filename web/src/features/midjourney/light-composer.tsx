import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile';
import { useEarlyPrompt } from '../../lib/first-paint';
import { useComposer } from './mj-store';

/** Where the caret was when the light prompt box gave way to the full composer. */
let handoff: { start: number; end: number; at: number } | null = null;

/**
 * Gives the full composer's prompt the focus and caret the light box had, once (the full
 * composer calls it when it mounts).
 */
export function takePromptFocus(box: HTMLTextAreaElement | null): void {
  const caret = handoff;
  handoff = null;
  // Only in the same swap (a light box left focused by a navigation away is not a handoff).
  if (!caret || !box || Date.now() - caret.at > 1000) return;
  box.focus();
  box.setSelectionRange(caret.start, caret.end);
}

/**
 * antd's text area in the dark theme (3 to 8 rows as the content grows), drawn without antd: the
 * light box and the full composer's prompt.
 */
export const LIGHT_PROMPT_BOX =
  'max-h-[186px] min-h-[76px] w-full resize-none rounded-lg border border-[#2a2a33] bg-[#141419] px-[11px] py-1 text-sm leading-[22px] text-white/88 transition-colors [field-sizing:content] placeholder:text-white/25 hover:border-[var(--accent)] focus:border-[var(--accent)] focus:shadow-[0_0_0_2px_rgba(124,108,242,0.2)] focus:outline-none';

/**
 * The drawing screen's prompt box before antd and the rest of the composer have loaded: a
 * plain textarea styled like antd's (the same design tokens), writing to the composer's store,
 * so a first visit can type while the rest loads; the full composer takes over the text, the
 * focus and the caret.
 */
export function LightComposer() {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const prompt = useComposer((s) => s.prompt);
  const box = useRef<HTMLTextAreaElement>(null);
  // Typed into the server's first paint before the app had started (docs/web.md, First paint).
  useEarlyPrompt(
    'draw',
    () => box.current,
    (text) => useComposer.getState().setPrompt(text),
  );
  // A layout effect: its clean-up runs while the box is still in the page (and focused).
  useLayoutEffect(() => {
    const element = box.current;
    return () => {
      if (element && document.activeElement === element)
        handoff = { start: element.selectionStart, end: element.selectionEnd, at: Date.now() };
    };
  }, []);
  return (
    <form
      aria-label={t('midjourney:composer.title')}
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-3 sm:p-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="mj-prompt" className="sr-only">
          {t('midjourney:composer.prompt')}
        </label>
        <textarea
          ref={box}
          id="mj-prompt"
          data-testid="mj-prompt"
          value={prompt}
          maxLength={4000}
          rows={3}
          placeholder={
            phone ? t('midjourney:composer.placeholderTouch') : t('midjourney:composer.placeholder')
          }
          onChange={(e) => useComposer.getState().setPrompt(e.target.value)}
          className={LIGHT_PROMPT_BOX}
        />
      </div>
    </form>
  );
}
