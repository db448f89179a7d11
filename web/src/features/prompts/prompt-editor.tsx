import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { usePromptStore, type PromptEntry } from '../../stores/prompt-store';

export const TITLE_MAX = 100;
export const CONTENT_MAX = 20_000;

interface FieldErrors {
  title?: string;
  content?: string;
}

/**
 * Adds a prompt (`index` null) or edits the one at `index`. A repeated title or content is
 * refused with the spec's texts under the field concerned, and what was typed stays.
 */
export function PromptEditor({
  index,
  initial,
  onClose,
}: {
  index: number | null;
  initial: PromptEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation(['prompts']);
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const entry = { title: title.trim(), content: content.trim() };
    const missing: FieldErrors = {
      ...(entry.title ? {} : { title: t('prompts:form.titleRequired') }),
      ...(entry.content ? {} : { content: t('prompts:form.contentRequired') }),
    };
    if (missing.title || missing.content) return setErrors(missing);
    const store = usePromptStore.getState();
    const conflict = index === null ? store.add(entry) : store.edit(index, entry);
    if (conflict?.kind === 'title') return setErrors({ title: t(texts.errors.titleDuplicate) });
    if (conflict?.kind === 'content') {
      return setErrors({ content: t(texts.errors.contentDuplicate, { msg: conflict.title }) });
    }
    notify.success(t(index === null ? texts.success.add : texts.success.edit));
    onClose();
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={index === null ? t('prompts:form.addTitle') : t('prompts:form.editTitle')}
      width={560}
      centered
      footer={null}
      destroyOnHidden
    >
      <form className="flex flex-col gap-4 pt-2" onSubmit={submit} noValidate>
        <label className="flex flex-col gap-2">
          <span className="text-sm text-white/75">{t('prompts:form.title')}</span>
          <Input
            id="prompt-title"
            value={title}
            maxLength={TITLE_MAX}
            autoFocus
            autoComplete="off"
            placeholder={t('prompts:form.titlePlaceholder')}
            status={errors.title ? 'error' : undefined}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? 'prompt-title-error' : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              if (errors.title) setErrors({ ...errors, title: undefined });
            }}
          />
          {errors.title && (
            <span id="prompt-title-error" role="alert" className="text-sm text-[#ff7875]">
              {errors.title}
            </span>
          )}
        </label>
        <label className="flex flex-col gap-2">
          <span className="text-sm text-white/75">{t('prompts:form.content')}</span>
          <Input.TextArea
            id="prompt-content"
            value={content}
            maxLength={CONTENT_MAX}
            autoSize={{ minRows: 5, maxRows: 14 }}
            placeholder={t('prompts:form.contentPlaceholder')}
            status={errors.content ? 'error' : undefined}
            aria-invalid={!!errors.content}
            aria-describedby={errors.content ? 'prompt-content-error' : undefined}
            onChange={(e) => {
              setContent(e.target.value);
              if (errors.content) setErrors({ ...errors, content: undefined });
            }}
            onKeyDown={(e) => {
              // Enter writes a new line; Ctrl/⌘+Enter saves.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
          {errors.content && (
            <span id="prompt-content-error" role="alert" className="text-sm text-[#ff7875]">
              {errors.content}
            </span>
          )}
        </label>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('prompts:form.cancel')}</Button>
          <Button type="primary" htmlType="submit">
            {t('prompts:form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
