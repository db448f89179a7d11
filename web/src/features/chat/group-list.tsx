import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import PushpinFilled from '@ant-design/icons-svg/es/asn/PushpinFilled';
import PushpinOutlined from '@ant-design/icons-svg/es/asn/PushpinOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Glyph } from '../../components/glyph';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { texts } from '../../lib/texts';
import { useAuthStore } from '../../stores/auth';
import { useChatStorage, type ChatGroup } from '../../stores/chat-storage';
import {
  isStreaming,
  loadGroups,
  newGroup,
  removeAllGroups,
  removeGroup,
  renameGroup,
  selectGroup,
  toggleSticky,
  useChatRuntime,
} from './chat-actions';
import { filterGroups, isDefaultTitle } from './chat-logic';
import { Button, Popconfirm, SearchInput, SkeletonInput } from '../../components/lite/lite';

export interface GroupListProps {
  /** After a group is picked or created (the mobile drawer closes). */
  onPicked: () => void;
  /** Asks before deleting all groups (the screen's themed modal). */
  confirm: (text: string, onOk: () => Promise<void>) => void;
  /** Leaves `/Chat?appId=…` once the user moves to a group of their choice. */
  onLeaveApp: () => void;
}

const ignore = () => undefined;

/** The title being edited: Enter or ✓ saves, Escape or ✕ cancels. */
function RenameRow({ group, onDone }: { group: ChatGroup; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [title, setTitle] = useState(group.title);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const next = title.trim();
    if (!next || next === group.title) return onDone();
    setBusy(true);
    try {
      await renameGroup(group.uuid, next);
      onDone();
    } catch {
      // The client showed why; the field stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  };
  return (
    <li className="flex items-center gap-1 rounded-lg bg-white/[0.06] px-2 py-1.5">
      {/* antd's small input drawn plain: renaming starts at once, antd or not. */}
      <input
        autoFocus
        value={title}
        maxLength={200}
        disabled={busy}
        aria-label={t('groups.renameLabel')}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKey}
        className="ant-input h-6 min-w-0 flex-1 rounded-md border border-[#2a2a33] bg-[#141419] px-[7px] text-sm leading-[22px] text-white/88 transition-colors outline-none hover:border-[var(--accent)] focus:border-[var(--accent)] focus:shadow-[0_0_0_2px_rgba(124,108,242,0.2)] disabled:text-white/25"
      />
      <Button
        size="small"
        type="text"
        icon={<Glyph icon={CheckOutlined} />}
        loading={busy}
        aria-label={t('groups.save')}
        onClick={() => void save()}
      />
      <Button
        size="small"
        type="text"
        icon={<Glyph icon={CloseOutlined} />}
        aria-label={t('groups.cancelEdit')}
        onClick={onDone}
      />
    </li>
  );
}

function GroupRow({
  group,
  active,
  onPick,
}: {
  group: ChatGroup;
  active: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const shownTitle = isDefaultTitle(group.title) ? t('header.newChat') : group.title;
  const startEdit = () => setEditing(true);

  if (editing) return <RenameRow group={group} onDone={() => setEditing(false)} />;

  return (
    <li
      data-testid="chat-group"
      data-group-id={group.uuid}
      aria-current={active ? 'true' : undefined}
      className={`group/row relative flex items-center rounded-lg transition-colors ${
        active ? 'bg-white/[0.08] text-white' : 'text-white/70 hover:bg-white/[0.04]'
      }`}
    >
      <button
        type="button"
        onClick={onPick}
        onDoubleClick={startEdit}
        className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-2 border-0 bg-transparent py-2 pr-1 pl-3 text-left text-[13px] text-inherit"
      >
        <span className="shrink-0 text-white/55">
          {group.appId !== null ? (
            <Glyph icon={AppstoreOutlined} />
          ) : (
            <Glyph icon={MessageOutlined} />
          )}
        </span>
        {/* The whole title is kept; the list cuts it to its width (the tooltip has it all). */}
        <span className="truncate" title={shownTitle}>
          {shownTitle}
        </span>
        {group.isSticky && (
          <Glyph
            icon={PushpinFilled}
            className="shrink-0 text-[11px] text-[var(--accent)]"
            aria-hidden
          />
        )}
      </button>
      <span
        className={`flex shrink-0 items-center pr-1 ${
          active ? '' : 'opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100'
        } max-[639px]:opacity-100`}
      >
        <Button
          size="small"
          type="text"
          icon={group.isSticky ? <Glyph icon={PushpinFilled} /> : <Glyph icon={PushpinOutlined} />}
          title={group.isSticky ? t('groups.unpin') : t('groups.pin')}
          aria-label={group.isSticky ? t('groups.unpin') : t('groups.pin')}
          aria-pressed={group.isSticky}
          onClick={() => void toggleSticky(group).catch(ignore)}
        />
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={EditOutlined} />}
          title={t('groups.rename')}
          aria-label={t('groups.rename')}
          onClick={startEdit}
        />
        <Popconfirm
          title={t('groups.deleteConfirm', { title: shownTitle })}
          okText={t('groups.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={() => removeGroup(group.uuid).catch(ignore)}
        >
          <Button
            size="small"
            type="text"
            icon={<Glyph icon={DeleteOutlined} />}
            title={t('groups.delete')}
            aria-label={t('groups.delete')}
          />
        </Popconfirm>
      </span>
    </li>
  );
}

/** The side list: new chat, search, groups (sticky first), rename, pin, delete, delete all. */
export function GroupList({ onPicked, confirm, onLeaveApp }: GroupListProps) {
  const { t } = useTranslation(['chat', 'common']);
  const groups = useChatStorage((s) => s.groupList);
  const active = useChatStorage((s) => s.active);
  const keyword = useChatStorage((s) => s.groupKeyWord);
  const setKeyword = useChatStorage((s) => s.setGroupKeyWord);
  const loading = useChatRuntime((s) => s.groupsLoading);
  const failed = useChatRuntime((s) => s.groupsFailed);
  const streaming = useChatRuntime(isStreaming);
  const signedIn = useAuthStore((s) => !!s.userInfo?.username);
  const [creating, setCreating] = useState(false);
  const shown = filterGroups(groups, keyword);

  const create = async () => {
    setCreating(true);
    try {
      await newGroup(null);
      onLeaveApp();
      onPicked();
    } catch {
      // The client showed why.
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="flex h-full flex-col gap-3 p-3">
      <Button
        type="primary"
        size="large"
        block
        icon={<Glyph icon={PlusOutlined} />}
        loading={creating}
        disabled={streaming}
        onClick={() => void create()}
      >
        {t('chat:groups.newChat')}
      </Button>
      {/* The list filters as one types: a field with a search icon, no unnamed search button. */}
      <SearchInput
        prefix={<Glyph icon={SearchOutlined} className="text-white/55" />}
        value={keyword}
        onChange={setKeyword}
        placeholder={t('chat:groups.search')}
        aria-label={t('chat:groups.search')}
      />
      <nav aria-label={t('chat:groups.list')} className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {loading ? (
          <div className="flex flex-col gap-3 px-2 pt-1" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <SkeletonInput key={i} active size="small" block />
            ))}
          </div>
        ) : failed ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-white/50">
            {t('chat:groups.loadFailed')}
            <Button size="small" onClick={() => void loadGroups()}>
              {t('chat:retry')}
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="m-0 px-2 py-8 text-center text-[13px] leading-6 text-white/55">
            {keyword.trim()
              ? t('chat:groups.noMatch', { keyword: keyword.trim() })
              : t('chat:groups.empty')}
          </p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-0.5 p-0">
            {shown.map((g) => (
              <GroupRow
                key={g.uuid}
                group={g}
                active={g.uuid === active}
                onPick={() => {
                  if (g.uuid !== active) onLeaveApp();
                  selectGroup(g.uuid);
                  onPicked();
                }}
              />
            ))}
          </ul>
        )}
      </nav>
      <div className="flex flex-col gap-2 border-t border-white/5 pt-3">
        {!signedIn && (
          <div className="rounded-lg bg-white/[0.04] p-3 text-xs leading-5 text-white/55">
            {t('chat:guest.hint')}{' '}
            <Button
              type="link"
              size="small"
              className="!px-0"
              onClick={() => useAuthStore.getState().openLoginDialog()}
            >
              {t('chat:guest.login')}
            </Button>
          </div>
        )}
        <Button
          type="text"
          danger
          icon={<Glyph icon={DeleteOutlined} />}
          disabled={groups.length === 0 || streaming}
          onClick={() => confirm(t(texts.confirm.clearChatHistory), removeAllGroups)}
        >
          {t('chat:groups.deleteAll')}
        </Button>
      </div>
    </div>
  );
}
