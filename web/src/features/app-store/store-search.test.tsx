import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCover } from '../../components/app-cover';
import { StoreSearch } from './store-search';

afterEach(cleanup);

function Search() {
  const [value, setValue] = useState('');
  return <StoreSearch value={value} onChange={setValue} placeholder="Search apps" />;
}

describe("the store's first view without antd", () => {
  it('types into the search box and clears it', () => {
    render(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'translat' } });
    expect(box.value).toBe('translat');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(box.value).toBe('');
    expect(document.querySelector('[class*="css-"]')).toBeNull();
  });

  it("fetches an app's icon only once it is near the viewport", () => {
    let seen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        seen = callback;
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const { container } = render(<AppCover name="Translator" cover="/app-icons/t.svg" />);
      const img = container.querySelector('img')!;
      expect(img.getAttribute('src')).toBeNull();
      expect(img.getAttribute('width')).toBe('48');
      expect(img.getAttribute('height')).toBe('48');
      act(() => seen!([{ isIntersecting: true }]));
      expect(container.querySelector('img')!.getAttribute('src')).toBe('/app-icons/t.svg');
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
