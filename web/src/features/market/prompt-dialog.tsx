import type { market } from '@atelier/contracts';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FlagOutlined,
  HeartFilled,
  HeartOutlined,
  StarFilled,
  StarOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { paramName } from '../../lib/param-names';
import { useDialogs } from '../../stores/dialogs';
import { composerOf } from './composers';
import { KindTag } from './kind-tag';
import { usePromptDetail } from './market-api';
import { ExampleView } from './prompt-card';
import { PublishDialog } from './publish-dialog';
import { useMarket } from './use-market';

/** The parameters as label/value pairs: the form's flags first, then every other plain value. */
export function paramRows(params: Record<string, unknown>): [string, string][] {
  const rows: [string, string][] = [];
  const add = (source: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(source)) {
      if (v === null || v === undefined || v === '' || k === 'flags' || k === 'recipe') continue;
      if (['string', 'number', 'boolean'].includes(typeof v)) rows.push([k, String(v)]);
      else if (Array.isArray(v) && v.every((x) => typeof x !== 'object'))
        rows.push([k, v.join(', ')]);
    }
  };
  const flags = params.flags;
  if (flags && typeof flags === 'object') add(flags as Record<string, unknown>);
  add(params);
  return rows.filter(([k]) => !['finalPrompt', 'maskBase64', 'modelId'].includes(k));
}

function ReportBox({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation('market');
  const { actions } = useMarket();
  const [reason, setReason] = useState('');
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-white/10 p-3">
      <label htmlFor="market-report" className="text-sm text-white/70">
        {t('dialog.reportReason')}
      </label>
      <Input.TextArea
        id="market-report"
        maxLength={500}
        showCount
        value={reason}
        placeholder={t('dialog.reportPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button
        danger
        disabled={!reason.trim()}
        loading={actions.report.isPending}
        onClick={() =>
          void actions.report.mutateAsync({ id, reason: reason.trim() }).then(onDone, () => null)
        }
      >
        {t('dialog.reportSend')}
      </Button>
    </div>
  );
}

/** What the prompt is: state, kind, author, counts, text, model, every parameter, tags. */
function PromptFacts({ p }: { p: market.MarketPrompt }) {
  const { t } = useTranslation('market');
  const params = paramRows(p.params);
  return (
    <>
      {p.hidden && (
        <Alert
          type="warning"
          showIcon
          message={t('dialog.hiddenBecause', { reason: p.hiddenReason ?? '' })}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <KindTag kind={p.kind} />
        {p.featured && <Tag color="gold">{t('card.featured')}</Tag>}
        <span className="text-xs text-white/55">{t('dialog.author', { name: p.author.name })}</span>
      </div>
      <p className="m-0 text-xs text-white/55" data-testid="market-stats">
        {t('dialog.stats', {
          likes: p.likeCount,
          collects: p.collectCount,
          uses: p.useCount,
        })}
      </p>
      {p.description && <p className="m-0 text-sm text-white/75">{p.description}</p>}
      <section>
        <h4 className="m-0 mb-1 text-xs text-white/55">{t('dialog.prompt')}</h4>
        <p className="m-0 max-h-40 overflow-y-auto rounded-lg bg-black/30 p-2 text-sm break-words whitespace-pre-wrap text-white/90">
          {p.prompt}
        </p>
      </section>
      {p.negativePrompt && (
        <section>
          <h4 className="m-0 mb-1 text-xs text-white/55">{t('dialog.negative')}</h4>
          <p className="m-0 text-sm text-white/80">{p.negativePrompt}</p>
        </section>
      )}
      {p.modelName && (
        <p className="m-0 text-sm text-white/75">{t('dialog.model', { name: p.modelName })}</p>
      )}
      {params.length > 0 && (
        <section>
          <h4 className="m-0 mb-1 text-xs text-white/55">{t('dialog.params')}</h4>
          <dl
            className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs"
            data-testid="market-params"
          >
            {params
              .flatMap(([k, v]) => {
                const name = paramName(k, t);
                return name ? [[k, name, v] as const] : [];
              })
              .map(([k, name, v]) => (
                <div key={k} className="contents">
                  <dt className="text-white/50">{name}</dt>
                  <dd className="m-0 truncate text-white/85">{v}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}
      {p.tags.length > 0 && (
        <div className="flex flex-wrap gap-1" aria-label={t('dialog.tags')}>
          {p.tags.map((tag) => (
            <Tag key={tag}>#{tag}</Tag>
          ))}
        </div>
      )}
    </>
  );
}

function Details({ p }: { p: market.MarketPrompt }) {
  const { t } = useTranslation(['market', 'common']);
  const m = useMarket();
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const screenNames = {
    chat: t('market:screenName.chat'),
    mj: t('market:screenName.mj'),
    draw: t('market:screenName.draw'),
    sd3: t('market:screenName.sd3'),
    sddraw: t('market:screenName.sddraw'),
    video: t('market:screenName.video'),
    music: t('market:screenName.music'),
  };
  const screen = screenNames[composerOf(p.kind)];
  const copy = () =>
    void navigator.clipboard?.writeText(p.prompt).then(
      () => notify.success(t('market:dialog.copied')),
      () => null,
    );
  const remove = () =>
    void Modal.confirm({
      title: t('market:dialog.deleteConfirm'),
      okButtonProps: { danger: true },
      okText: t('market:dialog.delete'),
      onOk: () =>
        m.actions.remove.mutateAsync(p.id).then(() => useDialogs.getState().close('marketPrompt')),
    });
  return (
    <div className="flex flex-col gap-4 md:flex-row">
      {p.example && (
        <div className="md:w-1/2">
          <ExampleView prompt={p} large />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <PromptFacts p={p} />
        <div className="flex flex-wrap gap-2">
          <Button
            aria-pressed={p.liked}
            icon={p.liked ? <HeartFilled className="text-rose-400" /> : <HeartOutlined />}
            onClick={() => m.like(p)}
            disabled={m.busy(p.id)}
          >
            {p.liked ? t('market:card.unlike') : t('market:card.like')} {p.likeCount}
          </Button>
          <Button
            aria-pressed={p.collected}
            icon={p.collected ? <StarFilled className="text-amber-400" /> : <StarOutlined />}
            onClick={() => m.collect(p)}
            disabled={m.busy(p.id)}
          >
            {p.collected ? t('market:card.uncollect') : t('market:card.collect')} {p.collectCount}
          </Button>
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('market:dialog.copy')}
          </Button>
          {p.mine ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('market:dialog.edit')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={remove}>
                {t('market:dialog.delete')}
              </Button>
            </>
          ) : (
            m.signedIn && (
              <Button type="text" icon={<FlagOutlined />} onClick={() => setReporting((v) => !v)}>
                {t('market:dialog.report')}
              </Button>
            )
          )}
        </div>
        {reporting && <ReportBox id={p.id} onDone={() => setReporting(false)} />}
        <Button
          type="primary"
          size="large"
          icon={<ThunderboltOutlined />}
          loading={m.actions.use.isPending}
          onClick={() => void m.use(p).catch(() => null)}
        >
          {t('market:dialog.use')}
        </Button>
        <p className="m-0 text-center text-xs text-white/50">
          {t('market:dialog.useHint', { screen })}
        </p>
      </div>
      {editing && <PublishDialog open editing={p} onClose={() => setEditing(false)} />}
    </div>
  );
}

/** The spec's market prompt dialog (flag `marketPrompt`): details, like, collect, use, report. */
export default function MarketPromptDialog() {
  const { t } = useTranslation('market');
  const open = useDialogs((s) => s.flags.marketPrompt);
  const id = useDialogs((s) => s.props.marketPrompt?.id ?? null);
  const detail = usePromptDetail(open ? id : null);
  const close = () => useDialogs.getState().close('marketPrompt');
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={detail.data && !detail.data.example ? 640 : 960}
      title={detail.data?.title ?? t('dialog.title')}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : detail.isError ? (
        <Result status="404" title={t('dialog.notFound')} />
      ) : (
        <Details p={detail.data} />
      )}
    </Modal>
  );
}
