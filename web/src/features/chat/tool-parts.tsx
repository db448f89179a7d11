import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Glyph } from '../../components/glyph';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { chat } from '@atelier/contracts';

/**
 * An answer's tool calls, each folded on one line (name and time); opened, its arguments and
 * what the tool answered. A failed call says so in the line.
 */
export function ToolCallsPart({ calls }: { calls: chat.ToolCall[] }) {
  return (
    <div data-testid="chat-tool-calls" className="flex flex-col gap-1">
      {calls.map((call) => (
        <ToolCallItem key={call.id} call={call} />
      ))}
    </div>
  );
}

function ToolCallItem({ call }: { call: chat.ToolCall }) {
  const { t } = useTranslation(['chat']);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div data-testid="chat-tool-call" data-ok={call.ok} className="flex flex-col gap-1">
      <button
        type="button"
        data-testid="chat-tool-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-fit cursor-pointer items-center gap-1.5 rounded-md border-0 bg-white/[0.04] px-2 py-1 text-[13px] text-white/60 hover:text-white/85"
      >
        {call.ok ? (
          <Glyph icon={ToolOutlined} />
        ) : (
          <Glyph icon={WarningOutlined} className="text-amber-300" />
        )}
        <span>
          {t(call.ok ? 'chat:tools.called' : 'chat:tools.failed', {
            name: call.name,
            seconds: (call.ms / 1000).toFixed(1),
          })}
        </span>
        <Glyph
          icon={DownOutlined}
          className={`text-[10px] transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden
        />
      </button>
      {open && (
        <div
          id={bodyId}
          data-testid="chat-tool-body"
          className="flex flex-col gap-1 border-l-2 border-white/15 pl-3 text-[13px] leading-6 text-white/60"
        >
          <span className="text-white/45">{t('chat:tools.arguments')}</span>
          <pre className="m-0 font-mono text-[12px] break-words whitespace-pre-wrap">
            {call.arguments}
          </pre>
          <span className="text-white/45">{t('chat:tools.result')}</span>
          <pre
            data-testid="chat-tool-result"
            className="m-0 font-mono text-[12px] break-words whitespace-pre-wrap"
          >
            {call.result}
          </pre>
        </div>
      )}
    </div>
  );
}

/** A web-search answer's numbered sources under it: number, title, domain, as links. */
export function SourcesPart({ sources }: { sources: chat.WebSource[] }) {
  const { t } = useTranslation(['chat']);
  return (
    <section data-testid="chat-sources" aria-label={t('chat:sources.title')} className="mt-1">
      <h4 className="m-0 mb-1 text-xs font-normal text-white/50">{t('chat:sources.title')}</h4>
      <ol className="m-0 flex list-none flex-col gap-1 p-0">
        {sources.map((s) => (
          <li key={s.n} data-testid="chat-source" className="text-[13px] leading-5">
            <a
              href={s.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-baseline gap-1.5 text-white/70 hover:text-white"
            >
              <span className="shrink-0 text-white/45">[{s.n}]</span>
              <span className="truncate">{s.title}</span>
              <span className="shrink-0 text-white/40">
                <Glyph icon={LinkOutlined} /> {s.domain}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
