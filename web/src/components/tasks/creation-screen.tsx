import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../screen-header';

/*
 * The shell every creation screen (drawing, pictures, SD3, the SD square, the toolbox, songs,
 * videos, separation) is built in: its heading, a composer slot and a results slot, laid out
 * the same way at every width. Beside each other from 1024 px (the composer a fixed column),
 * one above the other below it, phones included. The cost line before a paid action and the
 * place in the queue are `TaskCost`, which a composer puts above its submit button.
 */

const widths = { wide: 'max-w-[1600px]', medium: 'max-w-[1400px]', narrow: 'max-w-7xl' } as const;
const columns = { 380: 'lg:w-[380px]', 400: 'lg:w-[400px]', 420: 'lg:w-[420px]' } as const;

export interface CreationScreenProps {
  /** The screen's name: its icon and its title (`menu:<screen>`, as the menu names it). */
  screen: string;
  /** The text key of its one-line description (`screens:<screen>`). */
  description: `screens:${string}`;
  composer: ReactNode;
  results: ReactNode;
  /**
   * `side` (the default): the heading tops the composer's column, beside the results.
   * `heading-above`: the heading spans the screen, the two columns under it.
   * `stacked`: heading, composer and results in one column at every width.
   */
  layout?: 'side' | 'heading-above' | 'stacked';
  width?: keyof typeof widths;
  composerWidth?: keyof typeof columns;
  /** The composer's column stays in view while the results scroll (wide screens). */
  stickyComposer?: boolean;
  /** The results' column, for a screen that scrolls to it (a new task on a phone). */
  resultsRef?: Ref<HTMLDivElement>;
  /** What the screen shows outside the two slots (its dialogs). */
  children?: ReactNode;
}

export function CreationScreen(props: CreationScreenProps) {
  const { layout = 'side', width = 'wide', composerWidth = 420 } = props;
  const { t } = useTranslation();
  const header = (
    <ScreenHeader
      icon={props.screen}
      title={t(`menu:${props.screen}`)}
      subtitle={t(props.description)}
    />
  );
  const section = `mx-auto flex w-full ${widths[width]} flex-col px-3 py-4 sm:px-6 sm:py-6`;
  if (layout === 'stacked')
    return (
      <section className={`${section} gap-5`}>
        {header}
        {props.composer}
        {props.results}
        {props.children}
      </section>
    );
  const sticky = props.stickyComposer
    ? ' lg:sticky lg:top-0 lg:max-h-[calc(100dvh-5.5rem)] lg:overflow-y-auto lg:pr-1'
    : '';
  const row = (
    <>
      <div className={`flex w-full flex-col gap-3${sticky} ${columns[composerWidth]} lg:shrink-0`}>
        {layout === 'side' && header}
        {props.composer}
      </div>
      <div ref={props.resultsRef} className="flex min-w-0 flex-1 scroll-mt-2 flex-col gap-3">
        {props.results}
      </div>
    </>
  );
  if (layout === 'heading-above')
    return (
      <section className={`${section} gap-4`}>
        {header}
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">{row}</div>
        {props.children}
      </section>
    );
  return (
    <section className={`${section} gap-4 lg:flex-row lg:items-start`}>
      {row}
      {props.children}
    </section>
  );
}

/**
 * What the next paid action costs, shown before it is sent, and where it would wait: the
 * price line (red when the balance is short) and, when tasks are ahead, the queue line.
 */
export function TaskCost(props: {
  testId: string;
  cost: string;
  enough?: boolean;
  /** "N tasks ahead of you", when any are. */
  ahead?: string | null;
  className?: string;
}) {
  const enough = props.enough ?? true;
  return (
    <div className={`flex flex-col ${props.className ?? 'text-xs'}`} data-testid={props.testId}>
      <span className={enough ? 'text-white/70' : 'text-red-300'}>{props.cost}</span>
      {props.ahead ? <span className="text-white/50">{props.ahead}</span> : null}
    </div>
  );
}
