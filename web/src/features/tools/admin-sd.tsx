import { sd } from '@atelier/contracts/full';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { fetchWorkflow, useAdminSd } from './tools-api';

const OP_NAMES: Record<sd.ToolOp, string> = {
  upscale: 'sd:tools.ops.upscale',
  restore: 'sd:tools.ops.restore',
  rembg: 'sd:tools.ops.rembg',
  faceswap: 'sd:tools.ops.faceswap',
  remix: 'sd:tools.ops.remix',
  redraw: 'sd:tools.ops.redraw',
};

function OpRow(props: { row: sd.AdminToolOp; providers: Array<{ value: number; label: string }> }) {
  const { t } = useTranslation();
  const { saveOp } = useAdminSd();
  const [row, setRow] = useState(props.row);
  return (
    <tr>
      <td className="py-1 pr-3">{t(OP_NAMES[row.op])}</td>
      <td className="py-1 pr-3">
        <Select
          className="min-w-48"
          aria-label={t('sd:admin.provider')}
          value={row.providerId ?? 0}
          options={[{ value: 0, label: t('sd:admin.demoProvider') }, ...props.providers]}
          onChange={(v) => setRow({ ...row, providerId: v === 0 ? null : v })}
        />
      </td>
      <td className="py-1 pr-3">
        <Input
          aria-label={t('sd:admin.price')}
          value={row.priceKey}
          onChange={(e) => setRow({ ...row, priceKey: e.target.value })}
        />
      </td>
      <td className="py-1 pr-3">
        <Switch
          aria-label={t('sd:admin.enabled')}
          checked={row.enabled}
          onChange={(enabled) => setRow({ ...row, enabled })}
        />
      </td>
      <td className="py-1">
        <Button
          size="small"
          loading={saveOp.isPending}
          onClick={() =>
            saveOp.mutate(row, { onSuccess: () => notify.success(t('sd:admin.saved')) })
          }
        >
          {t('sd:admin.save')}
        </Button>
      </td>
    </tr>
  );
}

function ComfyEditor(props: { providers: Array<{ value: number; label: string }> }) {
  const { t } = useTranslation();
  const { saveWorkflow } = useAdminSd();
  const [providerId, setProviderId] = useState<number | null>(null);
  /** '' is the square's workflow; an operation, the toolbox's for it. */
  const [op, setOp] = useState<sd.ToolOp | ''>('');
  const [workflow, setWorkflow] = useState('');
  const [mapping, setMapping] = useState('');
  const choose = async (id: number | null, forOp: sd.ToolOp | '') => {
    setProviderId(id);
    setOp(forOp);
    if (!id) return;
    const w = await fetchWorkflow(id, forOp || undefined);
    setWorkflow(w ? JSON.stringify(w.workflow, null, 2) : '');
    setMapping(w ? JSON.stringify(w.mapping, null, 2) : '');
  };
  const save = () => {
    if (!providerId) return;
    try {
      const body = sd.comfyWorkflow.parse({
        providerId,
        ...(op ? { op } : {}),
        workflow: JSON.parse(workflow) as unknown,
        mapping: JSON.parse(mapping) as unknown,
      });
      saveWorkflow.mutate(body, { onSuccess: () => notify.success(t('sd:admin.saved')) });
    } catch {
      notify.error(t('sd:admin.badJson'));
    }
  };
  return (
    <section className="flex flex-col gap-2">
      <h3 className="m-0 text-base">{t('sd:admin.workflow')}</h3>
      <div className="flex flex-wrap gap-2">
        <Select
          aria-label={t('sd:admin.provider')}
          className="min-w-48"
          value={providerId}
          options={props.providers}
          onChange={(v) => void choose(v, op)}
        />
        <Select
          aria-label={t('sd:admin.workflowFor')}
          className="min-w-48"
          value={op}
          options={[
            { value: '', label: t('sd:admin.squareWorkflow') },
            ...(sd.toolOpProtocols.comfyui ?? []).map((o) => ({ value: o, label: t(OP_NAMES[o]) })),
          ]}
          onChange={(v) => void choose(providerId, v)}
        />
      </div>
      <label className="text-sm text-white/70" htmlFor="sd-workflow">
        {t('sd:admin.workflowJson')}
      </label>
      <Input.TextArea
        id="sd-workflow"
        rows={10}
        value={workflow}
        onChange={(e) => setWorkflow(e.target.value)}
      />
      <label className="text-sm text-white/70" htmlFor="sd-mapping">
        {t('sd:admin.mapping')}
      </label>
      {op && <p className="m-0 text-xs text-white/55">{t('sd:admin.toolMappingHint')}</p>}
      <Input.TextArea
        id="sd-mapping"
        rows={5}
        value={mapping}
        onChange={(e) => setMapping(e.target.value)}
      />
      <Button
        type="primary"
        className="self-start"
        disabled={!providerId}
        loading={saveWorkflow.isPending}
        onClick={save}
      >
        {t('sd:admin.save')}
      </Button>
    </section>
  );
}

/** The protocols that may serve an operation (the server refuses the others). */
const servers = (op: sd.ToolOp) =>
  Object.entries(sd.toolOpProtocols)
    .filter(([, ops]) => ops.includes(op))
    .map(([protocol]) => protocol);

/**
 * The operator's Stable Diffusion section: which provider serves each toolbox operation, each
 * ComfyUI provider's workflow and node mapping, and a connection test per A1111, ComfyUI, Stability or OpenAI provider.
 */
export default function AdminSd() {
  const { t } = useTranslation();
  const { providers, ops, check } = useAdminSd();
  const all = providers.data?.rows ?? [];
  const opt = (protocols: string[]) =>
    all.filter((p) => protocols.includes(p.protocol)).map((p) => ({ value: p.id, label: p.name }));
  return (
    <div className="flex flex-col gap-6">
      <h2 className="m-0 text-lg">{t('sd:admin.title')}</h2>
      <section className="overflow-x-auto">
        <h3 className="m-0 mb-2 text-base">{t('sd:admin.ops')}</h3>
        <table className="text-sm">
          <tbody>
            {ops.data?.rows.map((row) => (
              <OpRow key={row.op} row={row} providers={opt(servers(row.op))} />
            ))}
          </tbody>
        </table>
      </section>
      <ComfyEditor providers={opt(['comfyui'])} />
      <section className="flex flex-wrap gap-2">
        {opt(['a1111', 'comfyui', 'stability', 'openai']).map((p) => (
          <Button
            key={p.value}
            loading={check.isPending && check.variables === p.value}
            onClick={() =>
              check.mutate(p.value, {
                onSuccess: (r) => (r.ok ? notify.success(r.message) : notify.error(r.message)),
              })
            }
          >
            {t('sd:admin.test')} · {p.label}
          </Button>
        ))}
      </section>
    </div>
  );
}
