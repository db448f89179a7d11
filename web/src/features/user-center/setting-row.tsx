import type { ReactNode } from 'react';

/** One labelled setting: label (and note) beside the control, stacked under 640 px unless inline. */
export function SettingRow({
  label,
  note,
  inline = false,
  children,
}: {
  label: string;
  note?: string;
  /** Keep label and a short value on one line also on phones. */
  inline?: boolean;
  children: ReactNode;
}) {
  const layout = inline
    ? 'flex-row items-center justify-between gap-4'
    : 'flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6';
  return (
    <div className={`flex border-b border-white/5 py-4 last:border-b-0 ${layout}`}>
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium text-white/85">{label}</span>
        {note && <span className="text-xs leading-relaxed text-white/55">{note}</span>}
      </div>
      <div className="min-w-0 sm:shrink-0">{children}</div>
    </div>
  );
}
