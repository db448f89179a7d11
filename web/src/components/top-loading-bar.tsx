import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Phase = 'idle' | 'running' | 'done';

/** A thin bar at the top: it grows while `active` and completes, then fades, when it ends. */
export function TopLoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (active) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(timer);
  }, [active]);
  const width = phase === 'idle' ? '0%' : phase === 'running' ? '85%' : '100%';
  return (
    <div
      role="progressbar"
      aria-label={t('shell:loading')}
      aria-hidden={phase === 'idle'}
      data-state={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[3000] h-0.5"
    >
      <div
        className="h-full bg-[var(--accent)] shadow-[0_0_8px_var(--accent)]"
        style={{
          width,
          opacity: phase === 'idle' ? 0 : 1,
          transition:
            phase === 'running'
              ? 'width 8s cubic-bezier(0.1, 0.7, 0.2, 1)'
              : 'width 0.2s ease-out, opacity 0.3s ease 0.15s',
        }}
      />
    </div>
  );
}
