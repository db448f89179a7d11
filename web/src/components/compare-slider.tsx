import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Before / after: the result over the source, cut at the slider (a range input, so arrows and
 * Home/End move it too). A transparent result shows a checkerboard behind it.
 */
export function CompareSlider({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(50);
  return (
    <figure className="m-0 flex flex-col gap-2" data-testid="compare">
      <div className="relative w-full overflow-hidden rounded-lg bg-[repeating-conic-gradient(#555_0_25%,#333_0_50%)] bg-[length:16px_16px]">
        <img src={after} alt={t('sd:tools.after')} className="block w-full" />
        <img
          src={before}
          alt={t('sd:tools.before')}
          className="absolute inset-0 block h-full w-full object-fill"
          style={{ clipPath: `inset(0 ${100 - at}% 0 0)` }}
        />
        <div
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white/90"
          style={{ left: `${at}%` }}
        />
        <span className="absolute top-2 left-2 rounded bg-black/60 px-2 text-xs text-white">
          {t('sd:tools.before')}
        </span>
        <span className="absolute top-2 right-2 rounded bg-black/60 px-2 text-xs text-white">
          {t('sd:tools.after')}
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        value={at}
        aria-label={t('sd:tools.compare')}
        onChange={(e) => setAt(Number(e.target.value))}
      />
    </figure>
  );
}
