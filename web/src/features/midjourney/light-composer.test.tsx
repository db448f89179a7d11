import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLazyNamespaces } from '../../i18n';
import { LightComposer, takePromptFocus } from './light-composer';
import { useComposer } from './mj-store';

beforeAll(async () => {
  await loadLazyNamespaces(['midjourney']);
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  useComposer.getState().setPrompt('');
});

describe('the light prompt box', () => {
  it("types into the composer's store and shows what the store holds", () => {
    useComposer.getState().setPrompt('a fox');
    render(<LightComposer />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Prompt' });
    expect(box.value).toBe('a fox');
    fireEvent.change(box, { target: { value: 'a fox in the snow' } });
    expect(useComposer.getState().prompt).toBe('a fox in the snow');
  });

  it('hands its focus and caret to the full prompt once, when it gives way while focused', () => {
    const { unmount } = render(<LightComposer />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Prompt' });
    fireEvent.change(box, { target: { value: 'a lighthouse' } });
    box.focus();
    box.setSelectionRange(2, 5);
    unmount();
    const full = document.createElement('textarea');
    full.value = 'a lighthouse';
    document.body.append(full);
    takePromptFocus(full);
    expect(document.activeElement).toBe(full);
    expect([full.selectionStart, full.selectionEnd]).toEqual([2, 5]);
    // Only once: a later composer does not take the focus again.
    full.blur();
    takePromptFocus(full);
    expect(document.activeElement).not.toBe(full);
    full.remove();
  });

  it('hands nothing over when it was not focused', () => {
    const { unmount } = render(<LightComposer />);
    unmount();
    const full = document.createElement('textarea');
    document.body.append(full);
    takePromptFocus(full);
    expect(document.activeElement).not.toBe(full);
    full.remove();
  });
});
