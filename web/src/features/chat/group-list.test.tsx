import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useChatStorage, type ChatGroup } from '../../stores/chat-storage';
import * as remote from './chat-api';
import { GroupList } from './group-list';

vi.mock('./chat-api', () => ({
  updateGroup: vi.fn(),
  deleteGroup: vi.fn(),
  fetchLogs: vi.fn(),
  fetchGroups: vi.fn(),
  createGroup: vi.fn(),
  deleteAllGroups: vi.fn(),
}));

const group = (uuid: number, title: string, isSticky = false): ChatGroup => ({
  uuid,
  title,
  isEdit: false,
  appId: null,
  isSticky,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const rows = () => screen.getAllByTestId('chat-group');
const rowOf = (title: string) => rows().find((r) => r.textContent?.includes(title))!;

const renderList = () =>
  render(<GroupList onPicked={() => {}} confirm={() => {}} onLeaveApp={() => {}} />);

beforeAll(() => loadLazyNamespaces());

beforeEach(() => {
  vi.mocked(remote.fetchLogs).mockResolvedValue([]);
  setNotifier({ error: () => {}, success: () => {}, info: () => {} });
  useAppSetting.setState({ language: 'en-US' });
  useChatStorage.setState({
    groupList: [group(1, 'Pinned plan', true), group(2, 'Kyoto trip'), group(3, 'SQL help')],
    active: 2,
    chatList: [],
    groupKeyWord: '',
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  setNotifier(null);
});

describe('GroupList', () => {
  it('filters by the search keyword and says when nothing matches', () => {
    renderList();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'kyoto' } });
    expect(rows().map((r) => r.textContent)).toEqual(['Kyoto trip']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByText('No chat title contains “zzz”')).toBeTruthy();
  });

  it('renames inline: Enter saves, Escape cancels', async () => {
    vi.mocked(remote.updateGroup).mockImplementation(async ({ groupId, title }) =>
      group(groupId, title!),
    );
    renderList();
    fireEvent.click(within(rowOf('Kyoto trip')).getByRole('button', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(field, { target: { value: 'Osaka instead' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(remote.updateGroup).not.toHaveBeenCalled();
    expect(rowOf('Kyoto trip')).toBeTruthy();

    fireEvent.click(within(rowOf('Kyoto trip')).getByRole('button', { name: 'Rename' }));
    const again = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(again, { target: { value: 'Osaka instead' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(rowOf('Osaka instead')).toBeTruthy());
    expect(remote.updateGroup).toHaveBeenCalledWith({ groupId: 2, title: 'Osaka instead' });
  });

  it('asks before deleting, then selects the next group and loads its messages', async () => {
    vi.mocked(remote.deleteGroup).mockResolvedValue(null);
    renderList();
    fireEvent.click(within(rowOf('Kyoto trip')).getByRole('button', { name: 'Delete' }));
    expect(remote.deleteGroup).not.toHaveBeenCalled();
    const ask = await screen.findByText('Delete the chat “Kyoto trip” and all its messages?');
    const popup = ask.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(useChatStorage.getState().active).toBe(3));
    expect(remote.deleteGroup).toHaveBeenCalledWith(2);
    expect(remote.fetchLogs).toHaveBeenCalledWith(3, expect.any(AbortSignal));
    expect(rows().map((r) => r.textContent)).toEqual(['Pinned plan', 'SQL help']);
  });

  it('pins a group to the top', async () => {
    vi.mocked(remote.updateGroup).mockResolvedValue(group(3, 'SQL help', true));
    renderList();
    fireEvent.click(within(rowOf('SQL help')).getByRole('button', { name: 'Pin to top' }));
    await waitFor(() =>
      expect(rows().map((r) => r.textContent)).toEqual(['Pinned plan', 'SQL help', 'Kyoto trip']),
    );
    expect(remote.updateGroup).toHaveBeenCalledWith({ groupId: 3, isSticky: true });
  });
});
