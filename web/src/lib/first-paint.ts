import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The server's first paint (docs/web.md, First paint): a static copy of the screen in
 * `#first-paint`, over the app (which stays hidden under it) until the app has started. Then
 * it goes, and what the visitor typed into its prompt box moves to the screen's composer,
 * with the focus and the caret when the box had them.
 */

/**
 * Applies the app's stylesheet a first-paint page only preloads (the start-up script does it
 * first, unless it failed): called by the entry before the app renders.
 */
export function applyPaintStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-first-paint-css]'))
    if (link.rel !== 'stylesheet') link.rel = 'stylesheet';
}

/** What the first paint's prompt box held when it went. */
export interface EarlyPrompt {
  text: string;
  start: number;
  end: number;
  focused: boolean;
}

/**
 * The screens whose first paint has a prompt box (the server's names: `draw` is the drawing
 * screen `/Midjourney`, `dalle` the picture screen `/draw`).
 */
export type EarlyScreen = 'draw' | 'chat' | 'dalle' | 'sd3' | 'video' | 'music';
const EARLY_SCREENS: readonly string[] = ['draw', 'chat', 'dalle', 'sd3', 'video', 'music'];

const paint = (): HTMLElement | null => document.getElementById('first-paint');

/** Whether the first paint is there and shown (it hides itself on a phone at the landing). */
export function firstPaintShown(): boolean {
  const element = paint();
  return !!element && element.getClientRects().length > 0;
}

type Receiver = { screen: EarlyScreen; take: (prompt: EarlyPrompt) => void };
let receiver: Receiver | null = null;
/** A prompt left by a first paint that went before its composer was there. */
let pending: { screen: EarlyScreen; prompt: EarlyPrompt; at: number } | null = null;
/** The path of each painted screen (lower case). */
const SCREEN_PATHS: Partial<Record<string, string>> = {
  draw: '/midjourney',
  chat: '/chat',
  launcher: '/mobilehome',
  dalle: '/draw',
  sd3: '/sd3',
  video: '/video',
  music: '/music',
};
/** How long a pending prompt waits for its composer. */
const PENDING_MS = 15_000;
let waiting: (() => void) | null = null;

/** Removes the first paint, handing its prompt box's text to the composer (now or once there). */
function remove(element: HTMLElement): void {
  const box = element.querySelector<HTMLTextAreaElement>('textarea[data-fp-box]');
  const screen = element.dataset.screen;
  const prompt: EarlyPrompt | null = box
    ? {
        text: box.value,
        start: box.selectionStart,
        end: box.selectionEnd,
        focused: document.activeElement === box,
      }
    : null;
  element.remove();
  if (!prompt || (!prompt.text && !prompt.focused)) return;
  if (!screen || !EARLY_SCREENS.includes(screen)) return;
  if (receiver?.screen === screen) receiver.take(prompt);
  else pending = { screen: screen as EarlyScreen, prompt, at: Date.now() };
}

/**
 * Called once the app has started (its spinner would go), and on each navigation after: the
 * first paint goes when the screen's composer is there to take its text, or after `capMs`
 * without one, and at once when the app is at another screen than the one painted (a guard
 * or a link led elsewhere). No first paint: nothing to do.
 */
export function dropFirstPaint(pathname: string, capMs = 5_000): void {
  const element = paint();
  if (!element) return;
  // The app went elsewhere (a guard, a link): that screen is not the one painted. (`/` is
  // the landing, on its way to the painted screen.)
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const elsewhere = path !== '' && SCREEN_PATHS[element.dataset.screen ?? ''] !== path;
  if (elsewhere || !element.querySelector('textarea[data-fp-box]') || receiver) {
    if (waiting) waiting();
    else remove(element);
    return;
  }
  if (waiting) return;
  const timer = setTimeout(() => {
    waiting = null;
    remove(element);
  }, capMs);
  waiting = () => {
    clearTimeout(timer);
    waiting = null;
    remove(element);
  };
}

function register(next: Receiver): () => void {
  receiver = next;
  if (pending && pending.screen === next.screen && Date.now() - pending.at < PENDING_MS) {
    const { prompt } = pending;
    pending = null;
    next.take(prompt);
  } else if (waiting) waiting();
  return () => {
    if (receiver === next) receiver = null;
  };
}

/**
 * A composer takes the first paint's text: `setText` gets it, then the box (`box()`, the
 * textarea) gets the focus and caret it had. Call from the composer of `screen`.
 */
export function useEarlyPrompt(
  screen: EarlyScreen,
  box: () => HTMLTextAreaElement | null | undefined,
  setText: (text: string) => void,
): void {
  const [caret, setCaret] = useState<EarlyPrompt | null>(null);
  const latest = useRef({ box, setText });
  useLayoutEffect(() => {
    latest.current = { box, setText };
  });
  useEffect(
    () =>
      register({
        screen,
        take: (prompt) => {
          if (prompt.text) latest.current.setText(prompt.text);
          setCaret(prompt);
        },
      }),
    [screen],
  );
  // After the render that shows the text: the focus and caret the first paint's box had.
  useLayoutEffect(() => {
    if (!caret?.focused) return;
    // antd's growing text area hides itself while it measures the new text (and cannot take
    // the focus then): tried again on the next frames.
    let frame = 0;
    const place = (tries: number) => {
      const element = latest.current.box();
      if (!element) return;
      element.focus();
      element.setSelectionRange(caret.start, caret.end);
      if (document.activeElement !== element && tries > 0)
        frame = requestAnimationFrame(() => place(tries - 1));
    };
    place(5);
    return () => cancelAnimationFrame(frame);
  }, [caret]);
}

/**
 * `useEarlyPrompt` for a composer whose box is not a ref of its own (an antd text area): it
 * finds the box by `selector`. Render it beside the box, so it registers once the box is there.
 */
export function EarlyPrompt(props: {
  screen: EarlyScreen;
  selector: string;
  setText: (text: string) => void;
}): null {
  useEarlyPrompt(
    props.screen,
    () => document.querySelector<HTMLTextAreaElement>(props.selector),
    props.setText,
  );
  return null;
}

/** For tests: forgets the receiver and any pending prompt. */
export function resetFirstPaint(): void {
  receiver = null;
  pending = null;
  waiting = null;
}
