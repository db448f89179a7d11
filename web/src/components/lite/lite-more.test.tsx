import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimpleEmpty } from './lite-drawn';
import { SearchField, SkeletonButton } from './lite-more';

afterEach(cleanup);

describe('the drawn search field, empty picture and skeletons', () => {
  it('types, clears and searches without antd', () => {
    const onChange = vi.fn();
    const onSearch = vi.fn();
    render(
      <SearchField value="cats" onChange={onChange} onSearch={onSearch} aria-label="Search" />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'dogs' } });
    expect(onChange).toHaveBeenLastCalledWith('dogs');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('cats');
    fireEvent.click(screen.getByRole('button', { name: 'close-circle' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    // No antd's hashed styles: nothing of antd was rendered.
    expect(document.body.innerHTML).not.toMatch(/css-dev-only|css-var/);
  });

  it('hides the clear icon while the field is empty', () => {
    render(<SearchField value="" onChange={() => undefined} aria-label="Search" />);
    const clear = screen.getByRole('button', { name: 'close-circle', hidden: true });
    expect(clear.className).toMatch(/invisible/);
  });

  it('draws the simple empty picture with its footer, and a round button skeleton', () => {
    render(
      <>
        <SimpleEmpty description="Nothing here">
          <button type="button">Clear</button>
        </SimpleEmpty>
        <SkeletonButton shape="round" style={{ width: 80 }} />
      </>,
    );
    expect(screen.getByText('Nothing here').className).toMatch(/ant-empty-description/);
    expect(screen.getByRole('button', { name: 'Clear' }).parentElement?.className).toMatch(
      /ant-empty-footer/,
    );
    const bone = document.querySelector<HTMLElement>('.ant-skeleton-button')!;
    expect(bone.style.width).toBe('80px');
    expect(bone.className).toMatch(/rounded-full/);
  });
});
