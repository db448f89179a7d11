import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';

export interface PopoverMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  selected?: boolean;
}

export interface PopoverMenuProps {
  /** Renders the trigger; spread `props` on a button. */
  trigger: (props: {
    onClick: () => void;
    onKeyDown: (e: ReactKeyboardEvent) => void;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
  }) => ReactNode;
  items: PopoverMenuItem[];
  onSelect: (key: string) => void;
  align?: 'left' | 'right';
}

/** Where each arrow key moves in a list of `count` items from `index` (wrapping). */
export function menuStep(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A small menu under a trigger (language, user badge), with the keyboard of a menu button:
 * Enter, Space or an arrow on the trigger opens it on the chosen (or first) item, arrows,
 * Home and End move between items, Escape and a choice close it and give focus back to the
 * trigger, Tab closes it. Light on purpose: the header is part of the first paint.
 */
export function PopoverMenu({ trigger, items, onSelect, align = 'right' }: PopoverMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The item to focus when the menu opens: the chosen one, or the last with ArrowUp. */
  const openAt = useRef<'selected' | 'last'>('selected');
  const itemButtons = () => [...(list.current?.querySelectorAll('button') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const buttons = itemButtons();
    const chosen = items.findIndex((item) => item.selected);
    const index = openAt.current === 'last' ? buttons.length - 1 : Math.max(chosen, 0);
    buttons[index]?.focus();
    // Only when the menu opens: a new `items` array on each render must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(root.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      {trigger({
        onClick: () => {
          openAt.current = 'selected';
          setOpen((v) => !v);
        },
        onKeyDown: (e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          openAt.current = e.key === 'ArrowUp' ? 'last' : 'selected';
          if (open) itemButtons()[openAt.current === 'last' ? items.length - 1 : 0]?.focus();
          else setOpen(true);
        },
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': id,
      })}
      {open && (
        <ul
          ref={list}
          id={id}
          role="menu"
          onKeyDown={(e) => {
            if (e.key === 'Tab') return setOpen(false);
            const buttons = itemButtons();
            const next = menuStep(
              e.key,
              buttons.indexOf(e.target as HTMLButtonElement),
              buttons.length,
            );
            if (next === null) return;
            e.preventDefault();
            buttons[next]?.focus();
          }}
          className={`absolute top-full z-[1100] m-0 mt-1 min-w-40 list-none rounded-lg border border-white/10 bg-[#1c1c23] p-1 shadow-xl ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                aria-current={item.selected || undefined}
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  onSelect(item.key);
                }}
                className={`flex min-h-10 w-full cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border-0 px-3 text-left text-sm ${item.selected ? 'bg-[var(--accent)]/20 text-white' : 'bg-transparent'} ${item.danger ? 'text-red-400 hover:bg-red-500/10' : 'text-white/85 hover:bg-white/[0.06]'}`}
              >
                {item.icon}
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
