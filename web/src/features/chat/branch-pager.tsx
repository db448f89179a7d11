import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { Glyph } from '../../components/glyph';
import { useTranslation } from 'react-i18next';
import type { BranchPager } from './chat-logic';
import { Button } from '../../components/lite/lite';

/** "< i/n >": the branches at a message, to switch between. */
export function Pager({
  pager,
  busy,
  onSwitch,
}: {
  pager: BranchPager;
  busy: boolean;
  onSwitch: (id: number) => void;
}) {
  const { t } = useTranslation(['chat']);
  return (
    <span
      className="inline-flex items-center text-xs text-white/60"
      data-testid="chat-branch"
      aria-label={t('chat:message.branchOf', { index: pager.index, count: pager.count })}
    >
      <Button
        size="small"
        type="text"
        icon={<Glyph icon={LeftOutlined} />}
        aria-label={t('chat:message.branchPrev')}
        disabled={busy || pager.prev === null}
        onClick={() => pager.prev !== null && onSwitch(pager.prev)}
        className="!text-white/55 hover:!text-white/85"
      />
      <span data-testid="chat-branch-label">
        {pager.index}/{pager.count}
      </span>
      <Button
        size="small"
        type="text"
        icon={<Glyph icon={RightOutlined} />}
        aria-label={t('chat:message.branchNext')}
        disabled={busy || pager.next === null}
        onClick={() => pager.next !== null && onSwitch(pager.next)}
        className="!text-white/55 hover:!text-white/85"
      />
    </span>
  );
}
