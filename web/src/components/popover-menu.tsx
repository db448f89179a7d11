import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

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
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
  }) => ReactNode;
  items: PopoverMenuItem[];
  onSelect: (key: string) => void;
  align?: 'left' | 'right';
}

/**
 * A small menu under a trigger (language, user badge): closes on choice, outside click and
 * Escape. Light on purpose: the header is part of the first paint.
 */
export function PopoverMenu({ trigger, items, onSelect, align = 'right' }: PopoverMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
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
        onClick: () => setOpen((v) => !v),
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': id,
      })}
      {open && (
        <ul
          id={id}
          role="menu"
          className={`absolute top-full z-[1100] m-0 mt-1 min-w-40 list-none rounded-lg border border-white/10 bg-[#1c1c23] p-1 shadow-xl ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                aria-current={item.selected || undefined}
                onClick={() => {
                  setOpen(false);
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
