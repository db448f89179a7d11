import type { apps } from '@atelier/contracts';
import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AppCover } from '../../components/app-cover';

export interface PersonaCardProps {
  persona: apps.App;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onChat: () => void;
}

/** One persona: its cover, name, description, the start of its prompt; chat, edit, delete. */
export function PersonaCard({ persona, deleting, onEdit, onDelete, onChat }: PersonaCardProps) {
  const { t } = useTranslation('apps');
  return (
    <article
      data-testid="persona-card"
      data-app-id={persona.id}
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-4"
    >
      <div className="flex items-start gap-3">
        <AppCover name={persona.name} cover={persona.cover} />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="truncate text-[15px] font-medium text-white/90">{persona.name}</span>
          {persona.description && (
            <span className="line-clamp-2 text-[13px] leading-5 text-white/55">
              {persona.description}
            </span>
          )}
        </div>
      </div>
      <p className="m-0 line-clamp-3 rounded-lg bg-white/[0.03] p-2 text-xs leading-5 whitespace-pre-wrap text-white/50">
        {persona.systemPrompt}
      </p>
      {persona.modelName && (
        <Tag className="self-start" bordered={false}>
          {t('store.fixedModel', { name: persona.modelName })}
        </Tag>
      )}
      <div className="mt-auto flex items-center justify-end gap-1">
        <Popconfirm
          title={t('role.deleteConfirm', { name: persona.name })}
          description={t('role.deleteHint')}
          okText={t('role.delete')}
          cancelText={t('role.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="text" danger icon={<DeleteOutlined />} loading={deleting}>
            {t('role.delete')}
          </Button>
        </Popconfirm>
        <Button type="text" icon={<EditOutlined />} onClick={onEdit}>
          {t('role.edit')}
        </Button>
        <Button type="primary" ghost icon={<MessageOutlined />} onClick={onChat}>
          {t('startChat')}
        </Button>
      </div>
    </article>
  );
}
