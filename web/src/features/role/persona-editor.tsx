import { apps } from '@atelier/contracts/full';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppCover } from '../../components/app-cover';
import { useIsMobile } from '../../components/use-is-mobile';
import { notify } from '../../lib/notify';
import { useChatModels } from '../../api/chat-models';
import { usePersonaActions, type PersonaInput } from './personas-api';

/** Quick covers; any emoji or an image link can be typed instead. */
const coverPicks = ['🤖', '🧠', '📚', '💼', '🎨', '🧑‍🏫', '🦊', '🌟', '🐼', '🎭'];

interface Values {
  name: string;
  description: string;
  cover: string;
  systemPrompt: string;
  modelId: number | undefined;
}

export interface PersonaEditorProps {
  /** The persona being edited, `'new'` for a new one, null when closed. */
  editing: apps.App | 'new' | null;
  onClose: () => void;
}

/** The name, beside the cover as it will look. */
function NameRow() {
  const { t } = useTranslation('apps');
  const form = Form.useFormInstance<Values>();
  const name = Form.useWatch('name', form) ?? '';
  const cover = Form.useWatch('cover', form) ?? '';
  return (
    <div className="flex items-start gap-4">
      <AppCover
        name={name || '?'}
        cover={apps.appCover.safeParse(cover).success ? cover : ''}
        size={64}
      />
      <Form.Item
        name="name"
        label={t('role.name')}
        className="flex-1"
        rules={[{ required: true, whitespace: true, message: t('role.nameRequired') }]}
      >
        <Input size="large" maxLength={40} showCount placeholder={t('role.namePlaceholder')} />
      </Form.Item>
    </div>
  );
}

/** The cover: typed (an emoji or an image link) or one of the quick picks. */
function CoverField() {
  const { t } = useTranslation('apps');
  const form = Form.useFormInstance<Values>();
  const cover = Form.useWatch('cover', form) ?? '';
  return (
    <>
      <Form.Item
        name="cover"
        label={t('role.cover')}
        extra={t('role.coverHelp')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!apps.appCover.safeParse(value ?? '').success)
                throw new Error(t('role.coverInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={1000} allowClear />
      </Form.Item>
      <div className="-mt-2 mb-4 flex flex-wrap gap-1">
        {coverPicks.map((emoji) => (
          <Button
            key={emoji}
            type={cover === emoji ? 'primary' : 'text'}
            aria-label={emoji}
            onClick={() => form.setFieldValue('cover', emoji)}
            className="text-lg"
          >
            {emoji}
          </Button>
        ))}
      </div>
    </>
  );
}

/** Create or edit a persona: name, description, cover, system prompt (n/4000), model. */
export function PersonaEditor({ editing, onClose }: PersonaEditorProps) {
  const { t } = useTranslation('apps');
  const mobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const models = useChatModels();
  const { create, update } = usePersonaActions();
  const current = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(
      current
        ? {
            name: current.name,
            description: current.description,
            cover: current.cover,
            systemPrompt: current.systemPrompt,
            modelId: current.modelId ?? undefined,
          }
        : { name: '', description: '', cover: '', systemPrompt: '', modelId: undefined },
    );
  }, [editing, current, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body: PersonaInput = {
      name: v.name.trim(),
      description: (v.description ?? '').trim(),
      cover: (v.cover ?? '').trim(),
      systemPrompt: v.systemPrompt.trim(),
      modelId: v.modelId ?? null,
    };
    if (current) {
      await update.mutateAsync({ ...body, id: current.id });
      notify.success(t('role.saved'));
    } else {
      await create.mutateAsync(body);
      notify.success(t('role.created'));
    }
    onClose();
  };

  return (
    <Modal
      open={editing !== null}
      onCancel={onClose}
      title={current ? t('role.edit') : t('role.create')}
      width={mobile ? '100%' : 640}
      style={mobile ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
      footer={[
        <Button key="cancel" size="large" onClick={onClose}>
          {t('role.cancel')}
        </Button>,
        <Button
          key="save"
          size="large"
          type="primary"
          loading={create.isPending || update.isPending}
          onClick={() => void save().catch(() => undefined)}
        >
          {t('role.save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="persona-editor">
        <NameRow />
        <Form.Item name="description" label={t('role.description')}>
          <Input maxLength={200} placeholder={t('role.descriptionPlaceholder')} />
        </Form.Item>
        <CoverField />
        <Form.Item
          name="systemPrompt"
          label={t('role.prompt')}
          rules={[{ required: true, whitespace: true, message: t('role.promptRequired') }]}
        >
          <Input.TextArea
            showCount
            maxLength={apps.PROMPT_MAX}
            autoSize={{ minRows: 6, maxRows: 14 }}
            placeholder={t('role.promptPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="modelId" label={t('role.model')}>
          <Select
            allowClear
            loading={models.isPending}
            placeholder={t('role.modelAny')}
            options={models.data?.map((m) => ({ value: m.id, label: m.name })) ?? []}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
