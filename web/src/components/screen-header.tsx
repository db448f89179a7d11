import type { ReactNode } from 'react';
import { ScreenIcon } from './screen-icon';

/**
 * A screen's heading: its menu icon and title, the one-line description under it and, when
 * given, the screen's main action (beside the title on wide screens, under it on phones).
 */
export function ScreenHeader(props: {
  icon: string;
  title: string;
  subtitle: string;
  action?: ReactNode;
}) {
  const heading = (
    <>
      <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90 sm:text-2xl">
        <ScreenIcon name={props.icon} />
        {props.title}
      </h1>
      <p className="m-0 text-sm text-white/55">{props.subtitle}</p>
    </>
  );
  if (!props.action) return <header className="flex flex-col gap-1">{heading}</header>;
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">{heading}</div>
      {props.action}
    </header>
  );
}
