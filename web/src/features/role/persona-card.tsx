import type { apps } from '@atelier/contracts';
import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AppTile } from '../../components/app-tile';

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
    <AppTile
      testId="persona-card"
      appId={persona.id}
      name={persona.name}
      cover={persona.cover}
      description={persona.description}
    >
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
    </AppTile>
  );
}
