import type { ReactNode } from 'react';
import { AppCover } from './app-cover';

/**
 * The card of one app (a store app or one of the user's personas): its cover, name and
 * description on top, then what the screen adds (`children`: details, buttons). With `onOpen`
 * the top is a button that opens the app's details.
 */
export function AppTile(props: {
  testId: string;
  appId: number;
  name: string;
  cover: string;
  description: string;
  /** Extra classes of the card (hover effects, height). */
  className?: string;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const head = (
    <>
      <AppCover name={props.name} cover={props.cover} />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="truncate text-[15px] font-medium text-white/90">{props.name}</span>
        {props.description && (
          <span className="line-clamp-2 text-[13px] leading-5 text-white/55">
            {props.description}
          </span>
        )}
      </span>
    </>
  );
  return (
    <article
      data-testid={props.testId}
      data-app-id={props.appId}
      className={`flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-4 ${props.className ?? ''}`}
    >
      {props.onOpen ? (
        <button
          type="button"
          onClick={props.onOpen}
          className="flex cursor-pointer items-start gap-3 border-0 bg-transparent p-0 text-left"
        >
          {head}
        </button>
      ) : (
        <div className="flex items-start gap-3">{head}</div>
      )}
      {props.children}
    </article>
  );
}
