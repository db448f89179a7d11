import type { ReactNode } from 'react';
import type { PromptEntry } from '../../stores/prompt-store';

/** One prompt in a list: its title, the start of its content and the actions given. */
export function PromptRow({
  entry,
  tag,
  actions,
}: {
  entry: PromptEntry;
  tag?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-white/5 bg-white/[0.03] p-3 sm:flex-row sm:items-start sm:gap-4"
      aria-label={entry.title}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-white/90">{entry.title}</span>
          {tag}
        </span>
        <span className="line-clamp-2 text-[13px] leading-5 break-words whitespace-pre-wrap text-white/55">
          {entry.content}
        </span>
      </div>
      <div className="flex shrink-0 items-center justify-end gap-1">{actions}</div>
    </li>
  );
}
