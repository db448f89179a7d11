import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldInput, FieldTextArea } from './lite-media';

afterEach(cleanup);

function Counted() {
  const [text, setText] = useState('');
  return (
    <label>
      Describe
      <FieldTextArea
        value={text}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}

describe('the text fields drawn without antd', () => {
  it('count what is typed against the limit, as antd does', () => {
    render(<Counted />);
    const box = screen.getByRole('textbox', { name: /^Describe/ });
    expect(screen.getByText('0 / 500')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'a sea song' } });
    expect(screen.getByText('10 / 500')).toBeTruthy();
    expect(box.getAttribute('maxlength')).toBe('500');
    // antd's heights for autoSize: rows × 22 px, the padding and the border.
    expect((box as HTMLTextAreaElement).style.minHeight).toBe('76px');
    expect((box as HTMLTextAreaElement).style.maxHeight).toBe('142px');
    expect(box.className).toMatch(/ant-input/);
    expect(box.className).not.toMatch(/css-/);
  });

  it("hand antd's event to onChange and keep what they are given", () => {
    const onChange = vi.fn();
    render(<FieldInput aria-label="Tags" value="" placeholder="pop" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(field, { target: { value: 'rock' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0]![0] as { target: HTMLInputElement }).target).toBe(field);
    expect(field.getAttribute('placeholder')).toBe('pop');
  });
});
