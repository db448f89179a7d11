import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModeSwitch } from './mode-switch';

afterEach(cleanup);

const options = [
  { value: 'upload' as const, label: 'Upload' },
  { value: 'song' as const, label: 'My songs' },
];

describe('the source switch drawn without antd', () => {
  it('shows the chosen option and switches on a click or an arrow key', () => {
    const onChange = vi.fn();
    render(<ModeSwitch value="upload" onChange={onChange} options={options} />);
    const upload = screen.getByRole('radio', { name: 'Upload' }) as HTMLInputElement;
    expect(upload.checked).toBe(true);
    expect(upload.closest('label')!.className).toContain('ant-segmented-item-selected');
    fireEvent.click(screen.getByText('My songs'));
    expect(onChange).toHaveBeenLastCalledWith('song');
    fireEvent.keyDown(screen.getByRole('radiogroup'), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('song');
    expect(document.querySelector('[class*="css-"]')).toBeNull();
  });
});
