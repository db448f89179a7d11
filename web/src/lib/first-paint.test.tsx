import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyPaintStylesheets,
  dropFirstPaint,
  EarlyPrompt,
  firstPaintShown,
  resetFirstPaint,
  useEarlyPrompt,
  type EarlyScreen,
} from './first-paint';

/** The server's first paint as index.html carries it (server/src/http/first-paint.ts). */
function paint(screen: string, withBox = true): HTMLTextAreaElement | null {
  const element = document.createElement('div');
  element.id = 'first-paint';
  element.dataset.screen = screen;
  element.innerHTML = withBox
    ? '<textarea data-fp-box></textarea>'
    : '<ul><li><a href="/Chat">Chat</a></li></ul>';
  document.body.prepend(element);
  return element.querySelector('textarea');
}

function Composer({ screen: kind }: { screen: EarlyScreen }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useEarlyPrompt(kind, () => box.current, setText);
  return (
    <textarea
      aria-label="composer"
      ref={box}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

afterEach(() => {
  cleanup();
  document.getElementById('first-paint')?.remove();
  resetFirstPaint();
  vi.useRealTimers();
});

describe('the first paint', () => {
  it('goes at once where it has no prompt box', () => {
    paint('launcher', false);
    dropFirstPaint('/mobileHome');
    expect(document.getElementById('first-paint')).toBeNull();
    expect(firstPaintShown()).toBe(false);
  });

  it('hands its text, focus and caret to the composer already there', () => {
    const early = paint('chat')!;
    early.value = 'hello world';
    early.focus();
    early.setSelectionRange(5, 5);
    render(<Composer screen="chat" />);
    act(() => dropFirstPaint('/Chat'));
    expect(document.getElementById('first-paint')).toBeNull();
    const box = screen.getByLabelText<HTMLTextAreaElement>('composer');
    expect(box.value).toBe('hello world');
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([5, 5]);
  });

  it('waits for the composer that loads after the app has started, then hands over', () => {
    const early = paint('draw')!;
    early.value = 'a fox';
    dropFirstPaint('/Midjourney');
    // Still there: the composer's chunk is on its way.
    expect(document.getElementById('first-paint')).not.toBeNull();
    render(<Composer screen="draw" />);
    expect(document.getElementById('first-paint')).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('composer').value).toBe('a fox');
  });

  it('goes after the cap without a composer, and the text waits for its own screen only', () => {
    vi.useFakeTimers();
    const early = paint('chat')!;
    early.value = 'kept';
    dropFirstPaint('/Chat', 1000);
    vi.advanceTimersByTime(1000);
    expect(document.getElementById('first-paint')).toBeNull();
    vi.useRealTimers();
    render(<Composer screen="draw" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('composer').value).toBe('');
    cleanup();
    render(<Composer screen="chat" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('composer').value).toBe('kept');
  });

  it('goes at once when the app is at another screen than the one painted', () => {
    paint('chat')!.value = 'kept';
    dropFirstPaint('/Midjourney');
    expect(document.getElementById('first-paint')).toBeNull();
    render(<Composer screen="chat" />);
    expect(screen.getByLabelText<HTMLTextAreaElement>('composer').value).toBe('kept');
  });

  it('hands /draw’s, /sd3’s, /video’s and /music’s text to their own composer, not another’s', () => {
    for (const [kind, path] of [
      ['dalle', '/draw'],
      ['sd3', '/sd3'],
      ['video', '/video'],
      ['music', '/music'],
    ] as const) {
      const early = paint(kind)!;
      early.value = `a ${kind}`;
      early.focus();
      early.setSelectionRange(1, 1);
      dropFirstPaint(path);
      // Still there: the composer (behind its models' call) is not yet.
      expect(document.getElementById('first-paint')).not.toBeNull();
      render(<Composer screen="draw" />);
      expect(screen.getByLabelText<HTMLTextAreaElement>('composer').value).toBe('');
      cleanup();
      render(<Composer screen={kind} />);
      expect(document.getElementById('first-paint')).toBeNull();
      const box = screen.getByLabelText<HTMLTextAreaElement>('composer');
      expect(box.value).toBe(`a ${kind}`);
      expect(document.activeElement).toBe(box);
      expect([box.selectionStart, box.selectionEnd]).toEqual([1, 1]);
      cleanup();
      resetFirstPaint();
    }
  });

  it('finds a box that is not a ref of its own by its selector (EarlyPrompt)', () => {
    const early = paint('video')!;
    early.value = 'waves';
    function VideoComposer() {
      const [text, setText] = useState('');
      return (
        <>
          <textarea data-testid="video-prompt" value={text} onChange={() => {}} />
          <EarlyPrompt
            screen="video"
            selector='textarea[data-testid="video-prompt"]'
            setText={setText}
          />
        </>
      );
    }
    dropFirstPaint('/video');
    const { container } = render(<VideoComposer />);
    expect(document.getElementById('first-paint')).toBeNull();
    expect(container.querySelector('textarea')!.value).toBe('waves');
  });

  it('applies the stylesheet a first-paint page only preloads', () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('data-first-paint-css', '');
    document.head.append(link);
    applyPaintStylesheets();
    expect(link.rel).toBe('stylesheet');
    link.remove();
  });
});
