import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { drawSameOf } from './draw-same';
import { ParamsTable } from './params-table';
import { NewAlbumForm } from './new-album';
import {
  useAddToAlbum,
  useMyAlbums,
  usePublish,
  useReport,
  useSaveAlbum,
  type Work,
} from './works-api';

/** Publish or unpublish a work of mine: public switch, title, description and tags. */
export function PublishDialog(props: { work: Work; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublish();
  const w = props.work;
  const [form] = Form.useForm<{
    isPublic: boolean;
    title: string;
    description: string;
    tags: string[];
  }>();
  const submit = async () => {
    const v = await form.validateFields();
    await publish.mutateAsync({ id: w.id, ...v });
    notify.success(v.isPublic ? t('works:publish.published') : t('works:publish.saved'));
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('works:publish.title')}
      okText={t('works:publish.save')}
      cancelText={t('works:common.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          isPublic: w.isPublic || !w.publishedAt,
          title: w.title,
          description: w.description,
          tags: w.tags,
        }}
      >
        <Form.Item name="isPublic" label={t('works:publish.public')} valuePropName="checked">
          <Switch data-testid="publish-public" />
        </Form.Item>
        <Form.Item name="title" label={t('works:publish.name')} rules={[{ max: 100 }]}>
          <Input data-testid="publish-title" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('works:publish.description')}
          rules={[{ max: 2000 }]}
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="tags" label={t('works:publish.tags')}>
          <Select mode="tags" maxCount={10} tokenSeparators={[',', ' ', '，']} open={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Report a work to the operators, with a reason. */
export function ReportDialog(props: { workId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useReport();
  const [reason, setReason] = useState('');
  const submit = async () => {
    await report.mutateAsync({ targetType: 'work', targetId: props.workId, reason });
    notify.success(t('works:report.sent'));
    setReason('');
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('works:report.title')}
      okText={t('works:report.send')}
      cancelText={t('works:common.cancel')}
      okButtonProps={{ disabled: !reason.trim() }}
      confirmLoading={report.isPending}
      onOk={() => void submit()}
    >
      <Input.TextArea
        aria-label={t('works:report.reason')}
        placeholder={t('works:report.reason')}
        value={reason}
        maxLength={500}
        rows={4}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

/** The spec's draw-same dialog: the prompt and every parameter, then the creation screen filled. */
export function DrawSameDialog(props: { work: Work; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const same = drawSameOf(props.work);
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('works:drawSame.title')}
      footer={[
        <Button key="c" onClick={props.onClose}>
          {t('works:common.cancel')}
        </Button>,
        <Button
          key="go"
          type="primary"
          data-testid="draw-same-go"
          onClick={() => void navigate(same.path, { state: { prefill: same.prefill } })}
        >
          {t('works:drawSame.go')}
        </Button>,
      ]}
    >
      <p className="text-sm text-white/60">{t('works:drawSame.text')}</p>
      <code className="mb-3 block rounded bg-black/30 p-3 text-xs break-words whitespace-pre-wrap">
        {same.prefill.prompt}
      </code>
      <ParamsTable params={same.prefill.params} />
    </Modal>
  );
}

/** Add works of mine to one of my albums (or a new one). */
export function AlbumPicker(props: { workIds: number[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const albums = useMyAlbums(props.open);
  const add = useAddToAlbum();
  const create = useSaveAlbum();
  const addTo = async (albumId: number) => {
    await add.mutateAsync({ albumId, workIds: props.workIds });
    notify.success(t('works:album.added'));
    props.onClose();
  };
  const createAndAdd = async (album: { title: string; isPublic: boolean }) =>
    addTo((await create.mutateAsync(album)).id);
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('works:album.addTitle')}
      footer={null}
    >
      <div className="flex flex-col gap-2">
        {(albums.data?.rows ?? []).map((a) => (
          <Button key={a.id} onClick={() => void addTo(a.id)} loading={add.isPending} block>
            {t('works:album.addTo', { title: a.title, count: a.count })}
          </Button>
        ))}
        <NewAlbumForm busy={create.isPending} onCreate={createAndAdd} />
      </div>
    </Modal>
  );
}
