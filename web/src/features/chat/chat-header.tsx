import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Glyph } from '../../components/glyph';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { useIsMobile } from '../../components/use-is-mobile';
import type { MessageView } from './message-item';
import { FilesListButton } from './files-dialog';
import { ShareButton } from './share-dialog';
import { SystemMessageButton } from './system-message-button';
import { Button, Modal, Tooltip } from '../../components/lite/lite';

/**
 * The conversation's top bar: the title and the fixed role (app groups) or the model, then
 * the system message, clear, PNG export and, on phones, the group list and a new chat.
 */
export function ChatHeader(props: {
  title: string;
  app: { name: string } | null;
  /** The group belongs to an app: its role is fixed. */
  appGroup: boolean;
  modelName: string | null;
  canClear: boolean;
  streaming: boolean;
  exporting: boolean;
  onOpenGroups: () => void;
  onClear: () => void;
  onExport: () => void;
  onCreate: () => void;
  /** The chat a share link is made of. */
  groupId: number | null;
}) {
  const { t } = useTranslation(['chat']);
  const mobile = useIsMobile();
  return (
    <header className="flex h-12 shrink-0 items-center gap-0 border-b border-white/5 px-1 sm:h-14 sm:gap-2 sm:px-4">
      {mobile && (
        <Button
          type="text"
          icon={<Glyph icon={MenuOutlined} />}
          aria-label={t('chat:groups.open')}
          onClick={props.onOpenGroups}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col pr-1">
        <h1 className="m-0 truncate text-[15px] font-medium text-white/90" data-testid="chat-title">
          {props.title}
        </h1>
        {props.appGroup ? (
          <Tooltip title={t('chat:header.fixedRoleHint')}>
            <span
              className="flex items-center gap-1 truncate text-xs text-white/55"
              data-testid="chat-role"
            >
              <Glyph icon={LockOutlined} />
              {props.app
                ? t('chat:header.fixedRole', { name: props.app.name })
                : t('chat:header.appGroup')}
            </span>
          </Tooltip>
        ) : props.modelName ? (
          <span className="truncate text-xs text-white/55">{props.modelName}</span>
        ) : null}
      </div>
      {!props.appGroup && <SystemMessageButton />}
      <Tooltip title={t('chat:header.clear')}>
        <Button
          type="text"
          icon={<Glyph icon={ClearOutlined} />}
          aria-label={t('chat:header.clear')}
          disabled={!props.canClear}
          onClick={props.onClear}
        />
      </Tooltip>
      <Tooltip title={t('chat:header.export')}>
        <Button
          type="text"
          icon={<Glyph icon={FileImageOutlined} />}
          aria-label={t('chat:header.export')}
          loading={props.exporting}
          disabled={!props.canClear}
          onClick={props.onExport}
        />
      </Tooltip>
      <ShareButton groupId={props.groupId} disabled={!props.canClear} />
      <FilesListButton streaming={props.streaming} />
      {mobile && (
        <Button
          type="text"
          icon={<Glyph icon={PlusOutlined} />}
          aria-label={t('chat:groups.newChat')}
          disabled={props.streaming}
          onClick={props.onCreate}
        />
      )}
    </header>
  );
}

/** A whole answer in a wide dialog. */
export function PreviewModal(props: { preview: MessageView | null; onClose: () => void }) {
  const { t } = useTranslation(['chat']);
  const mobile = useIsMobile();
  return (
    <Modal
      open={props.preview !== null}
      onCancel={props.onClose}
      footer={null}
      width={mobile ? '100%' : 900}
      title={t('chat:message.preview')}
      destroyOnHidden
    >
      {props.preview && (
        <div className="max-h-[75vh] overflow-y-auto pr-1" data-testid="chat-preview">
          <Markdown text={props.preview.content} className="text-[15px] text-white/85" />
        </div>
      )}
    </Modal>
  );
}
