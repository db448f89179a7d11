import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { OutlinePanel, useMindOutline } from './outline-panel';

afterEach(cleanup);

/** The screen's wiring: the hook's outline in the panel, the panel's edits back to the hook. */
function Harness({ answer }: { answer?: string }) {
  const [streamed, setStreamed] = useState({ text: '', version: 0 });
  const outline = useMindOutline(streamed.text, streamed.version);
  return (
    <>
      <button
        type="button"
        onClick={() => setStreamed((s) => ({ text: answer ?? '', version: s.version + 1 }))}
      >
        stream
      </button>
      {outline.shown && (
        <OutlinePanel value={outline.outline} readOnly={false} onChange={outline.edit} />
      )}
    </>
  );
}

const box = () => document.querySelector<HTMLTextAreaElement>('#mind-outline')!;
/** Types one key at the caret at the end, as a browser's text box would. */
const typeAtEnd = (key: string) =>
  fireEvent.change(box(), { target: { value: box().value + key } });

describe('the mind map outline box', () => {
  it('shows the streamed answer without its fence and keeps every typed space and new line', () => {
    render(<Harness answer={'Here:\n```markdown\n# Coffee\n- Beans\n```\n'} />);
    fireEvent.click(screen.getByRole('button', { name: 'stream' }));
    expect(box().value).toBe('# Coffee\n- Beans');
    for (const key of '\n## Practice plan\n- 15 minutes a day ') typeAtEnd(key);
    expect(box().value).toBe('# Coffee\n- Beans\n## Practice plan\n- 15 minutes a day ');
  });

  it('stays open when emptied, and a new answer replaces the edit', () => {
    render(<Harness answer="# New" />);
    fireEvent.click(screen.getByRole('button', { name: 'stream' }));
    fireEvent.change(box(), { target: { value: '' } });
    expect(box().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'stream' }));
    expect(box().value).toBe('# New');
  });
});

describe('useMindOutline', () => {
  it('keeps an edit as typed, fences and outer blanks included', () => {
    const { result } = renderHook(() => useMindOutline('', 0));
    expect(result.current.shown).toBe(false);
    act(() => result.current.edit('  ```\n# A \n\n'));
    expect(result.current.outline).toBe('  ```\n# A \n\n');
    expect(result.current.shown).toBe(true);
  });
});
