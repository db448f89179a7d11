import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { NewAlbumForm } from './new-album';

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

describe('a new album', () => {
  it('is private unless the owner picks public, and shows the choice', async () => {
    const onCreate = vi.fn(() => Promise.resolve());
    render(<NewAlbumForm busy={false} onCreate={onCreate} />);
    const title = screen.getByTestId('album-new-title');
    fireEvent.change(title, { target: { value: 'Cats' } });
    expect(screen.getByText('Private')).toBeTruthy();
    fireEvent.click(screen.getByTestId('album-create'));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ title: 'Cats', isPublic: false }));
    fireEvent.change(title, { target: { value: 'Dogs' } });
    fireEvent.click(screen.getByText('Public'));
    fireEvent.click(screen.getByTestId('album-create'));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ title: 'Dogs', isPublic: true }));
  });
});
