import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import { Glyph } from '../../components/glyph';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useChatStorage } from '../../stores/chat-storage';
import * as remote from './chat-api';
import { loadLogs } from './chat-actions';
import { formatSize } from './chat-files';
import { Button, Modal, Popconfirm, Tooltip } from '../../components/lite/lite';

/**
 * The user's attached files (docs/chat.md, Files in the conversation): name, size, pages and
 * date, each with a delete (confirmed) that removes its bytes and text for good.
 */
export function FilesDialog(props: { open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t, i18n } = useTranslation(['chat']);
  const client = useQueryClient();
  const files = useQuery({
    queryKey: ['chat', 'files'],
    queryFn: remote.fetchChatFiles,
    enabled: props.open,
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (id: number) => remote.deleteChatFile(id),
    onSuccess: () => {
      notify.success(t('chat:fileList.deleted'));
      void client.invalidateQueries({ queryKey: ['chat', 'files'] });
      // The questions it went with now show it as deleted.
      props.onDeleted();
    },
  });
  const pages = (f: { format: string; pages: number }) =>
    t(
      f.format === 'xlsx'
        ? 'chat:files.sheets'
        : f.format === 'pptx'
          ? 'chat:files.slides'
          : 'chat:fileList.page',
      { count: f.pages },
    );
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      title={t('chat:fileList.title')}
      destroyOnHidden
    >
      <div className="flex flex-col gap-3" data-testid="chat-file-list">
        <p className="m-0 text-[13px] text-white/65">{t('chat:fileList.hint')}</p>
        {files.data && files.data.length === 0 && (
          <p className="m-0 text-[13px] text-white/55">{t('chat:fileList.none')}</p>
        )}
        <ul className="m-0 flex max-h-[60vh] list-none flex-col gap-1 overflow-y-auto p-0">
          {files.data?.map((f) => (
            <li
              key={f.id}
              data-testid="chat-file-row"
              className="flex items-center gap-2 rounded-md px-1 py-1 text-[13px] hover:bg-white/[0.04]"
            >
              <Glyph icon={FileTextOutlined} className="text-white/55" />
              <span className="flex min-w-0 flex-1 flex-col leading-5">
                <span className="truncate text-white/85" title={f.name}>
                  {f.name}
                </span>
                <span className="truncate text-xs text-white/50">
                  {[
                    formatSize(f.size),
                    pages(f),
                    new Date(f.createdAt).toLocaleString(i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  ].join(' · ')}
                </span>
              </span>
              <Popconfirm
                title={t('chat:fileList.deleteConfirm', { name: f.name })}
                okText={t('chat:fileList.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(f.id).catch(() => undefined)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<Glyph icon={DeleteOutlined} />}
                  aria-label={t('chat:fileList.deleteOne', { name: f.name })}
                  data-testid="chat-file-delete"
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

/** The header's button to the user's attached files, and its dialog. */
export function FilesListButton(props: { streaming: boolean }) {
  const { t } = useTranslation(['chat']);
  const [open, setOpen] = useState(false);
  const active = useChatStorage((s) => s.active);
  // The chat on screen is read again: the chips of a deleted file show it deleted.
  const reload = () => void (props.streaming || loadLogs(active));
  return (
    <>
      <Tooltip title={t('chat:header.files')}>
        <Button
          type="text"
          icon={<Glyph icon={FolderOpenOutlined} />}
          aria-label={t('chat:header.files')}
          onClick={() => setOpen(true)}
          data-testid="chat-files-open"
        />
      </Tooltip>
      <FilesDialog open={open} onClose={() => setOpen(false)} onDeleted={reload} />
    </>
  );
}
