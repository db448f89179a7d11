import type { ReactNode } from 'react';
import { ScreenIcon } from '../screen-icon';

/** The frame of a works screen: icon, title, a line under it, then the content. */
export function WorksFrame(props: {
  icon: string;
  title: string;
  text?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90">
            <ScreenIcon name={props.icon} />
            {props.title}
          </h1>
          {props.text ? <p className="m-0 text-sm text-white/55">{props.text}</p> : null}
        </div>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
