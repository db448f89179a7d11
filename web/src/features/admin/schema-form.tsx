import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldHints, fieldLabels, valueLabel } from './field-labels';
import { PictureInput } from './picture-input';
import type { FieldSpec } from './schema-fields';

export type Values = Record<string, unknown>;
type Option = { label: string; value: string | number };
/**
 * A field's choices read from the server: the list, or while it loads / when it failed, a select
 * that says so (the protocols a provider may speak are the server's, not the contracts').
 */
export type ChoiceList = Option[] | { options: Option[]; loading: boolean; error: string | null };
export type Choices = Record<string, ChoiceList>;

function choiceSelect(list: ChoiceList, t: (k: string) => string) {
  const { options, loading, error } = Array.isArray(list)
    ? { options: list, loading: false, error: null }
    : list;
  if (error)
    return (
      <Select
        disabled
        status="error"
        data-testid="choices-error"
        placeholder={`${t('admin:form.choicesFailed')}: ${error}`}
      />
    );
  return (
    <Select
      options={options}
      showSearch
      optionFilterProp="label"
      loading={loading}
      disabled={loading}
      placeholder={loading ? t('admin:form.choicesLoading') : undefined}
    />
  );
}

function input(f: FieldSpec, editing: boolean, choices: Choices, t: (k: string) => string) {
  const list = choices[f.name];
  if (list) return choiceSelect(list, t);
  switch (f.type) {
    case 'bool':
      return <Switch />;
    case 'number':
      return <InputNumber className="w-full" />;
    case 'select':
      return (
        <Select options={f.options.map((o) => ({ label: valueLabel(f.name, o, t), value: o }))} />
      );
    case 'secret':
      return (
        <Input.Password
          autoComplete="new-password"
          placeholder={editing ? t('admin:form.secretKeep') : ''}
        />
      );
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />;
    case 'json':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder="JSON" />;
    case 'picture':
      return <PictureInput />;
    default:
      return <Input />;
  }
}

/** JSON as its value; anything else as the text it is (the server's schema judges it). */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What the form holds, as the endpoint takes it: JSON fields parsed, untouched secrets left out. */
export function toBody(fields: FieldSpec[], values: Values, editing: boolean): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    if (f.type === 'secret' && editing && v === '') continue;
    if (f.type === 'json' && typeof v === 'string') {
      if (v.trim() === '') continue;
      out[f.name] = parsedOrText(v);
    } else out[f.name] = v;
  }
  return out;
}

/** A form read from an endpoint's body schema, in a dialog. */
export function SchemaForm(props: {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  initial: Values | null;
  choices?: Choices;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: Values) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = props.initial !== null;
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    const init: Values = {};
    for (const f of props.fields) {
      const v = props.initial?.[f.name];
      if (f.type === 'secret') init[f.name] = '';
      // A new row's switch shows what the server does when it is left out: every create
      // endpoint enables a row unless told otherwise (it showed off and saved on).
      else if (!editing && f.type === 'bool' && f.name === 'enabled') init[f.name] = true;
      else if (f.type === 'json' && v !== undefined) init[f.name] = JSON.stringify(v);
      else if (v !== undefined) init[f.name] = v;
    }
    form.setFieldsValue(init as Parameters<typeof form.setFieldsValue>[0]);
  }, [props.open, props.initial, props.fields, form, editing]);
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      okText={t('admin:form.save')}
      cancelText={t('admin:form.cancel')}
      confirmLoading={props.busy}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => props.onSubmit(toBody(props.fields, values, editing))}
      >
        {props.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={fieldLabels[f.name] ? t(fieldLabels[f.name]!) : f.name}
            extra={fieldHints[f.name] ? t(fieldHints[f.name]!) : undefined}
            valuePropName={f.type === 'bool' ? 'checked' : 'value'}
            rules={
              f.required && !editing && f.type !== 'bool'
                ? [{ required: true, message: t('admin:form.required') }]
                : []
            }
          >
            {input(f, editing, props.choices ?? {}, t)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
