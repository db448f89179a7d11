import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import ShareAltOutlined from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import { Glyph } from '../../components/glyph';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/markdown/copy-text';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import * as remote from './chat-api';
import { Button, Input, Modal, Popconfirm, Tooltip } from '../../components/lite/lite';

const linkOf = (path: string) => new URL(path, location.origin).href;

/**
 * Share a conversation (docs/chat.md): makes a read-only public link to a snapshot of the chat
 * as shown, and lists the user's links with a revoke for each.
 */
export function ShareDialog(props: { open: boolean; groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['chat']);
  const client = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const shares = useQuery({
    queryKey: ['chat', 'shares'],
    queryFn: remote.fetchShares,
    enabled: props.open,
    retry: false,
  });
  const create = useMutation({
    mutationFn: () => remote.createShare(props.groupId!),
    onSuccess: (share) => {
      setMade(linkOf(share.path));
      void client.invalidateQueries({ queryKey: ['chat', 'shares'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => remote.revokeShare(id),
    onSuccess: (_, id) => {
      notify.success(t('chat:share.revoked'));
      if (made?.endsWith(`/c/${id}`)) setMade(null);
      void client.invalidateQueries({ queryKey: ['chat', 'shares'] });
    },
  });
  const copy = (link: string) =>
    copyText(link).then(
      () => notify.success(t('chat:share.copied')),
      () => notify.error(t(texts.errors.failed)),
    );
  const close = () => {
    setMade(null);
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      onCancel={close}
      footer={null}
      title={t('chat:share.title')}
      destroyOnHidden
    >
      <div className="flex flex-col gap-4" data-testid="chat-share">
        <p className="m-0 text-[13px] text-white/65">{t('chat:share.hint')}</p>
        {made ? (
          <div className="flex gap-2">
            <Input
              readOnly
              value={made}
              data-testid="chat-share-link"
              aria-label={t('chat:share.copy')}
            />
            <Button icon={<Glyph icon={CopyOutlined} />} onClick={() => void copy(made)}>
              {t('chat:share.copy')}
            </Button>
          </div>
        ) : (
          <Button
            type="primary"
            icon={<Glyph icon={LinkOutlined} />}
            loading={create.isPending}
            disabled={props.groupId === null}
            onClick={() => create.mutate()}
          >
            {t('chat:share.create')}
          </Button>
        )}
        <div>
          <h3 className="m-0 mb-2 text-sm font-medium text-white/80">{t('chat:share.mine')}</h3>
          {shares.data && shares.data.length === 0 && (
            <p className="m-0 text-[13px] text-white/55">{t('chat:share.none')}</p>
          )}
          <ul className="m-0 flex list-none flex-col gap-1 p-0" data-testid="chat-share-list">
            {shares.data?.map((s) => (
              <li key={s.id} className="flex items-center gap-2 text-[13px]">
                <a
                  href={s.path}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 flex-1 truncate"
                >
                  {s.title}
                </a>
                <span className="shrink-0 text-white/45">
                  {t('chat:share.messages', { count: s.messageCount })}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<Glyph icon={CopyOutlined} />}
                  aria-label={t('chat:share.copy')}
                  onClick={() => void copy(linkOf(s.path))}
                />
                <Popconfirm
                  title={t('chat:share.revokeConfirm')}
                  okText={t('chat:share.revoke')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(s.id).catch(() => undefined)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<Glyph icon={DeleteOutlined} />}
                    aria-label={t('chat:share.revoke')}
                  />
                </Popconfirm>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}

/** The header's share button and its dialog. */
export function ShareButton(props: { groupId: number | null; disabled: boolean }) {
  const { t } = useTranslation(['chat']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('chat:header.share')}>
        <Button
          type="text"
          icon={<Glyph icon={ShareAltOutlined} />}
          aria-label={t('chat:header.share')}
          disabled={props.disabled}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <ShareDialog open={open} groupId={props.groupId} onClose={() => setOpen(false)} />
    </>
  );
}
