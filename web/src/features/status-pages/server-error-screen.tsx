import Button from 'antd/es/button';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** How often `/500` checks whether loading works again. */
const RETRY_MS = 5_000;

/** `/500`: a navigation failed to load. Once loading works again the user goes home. */
export default function ServerErrorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
        if (res.ok && !stopped) navigate('/', { replace: true });
      } catch {
        // Still offline: try again at the next tick.
      }
    };
    const timer = setInterval(() => void check(), RETRY_MS);
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [navigate]);

  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 px-4 py-10 text-center">
      <h1 className="m-0 text-2xl font-semibold text-white/90">{t('shell:serverErrorTitle')}</h1>
      <p className="m-0 max-w-md text-white/60">{t('shell:serverErrorText')}</p>
      <div className="rounded-lg bg-white p-3">
        <QRCodeSVG value={window.location.origin} size={144} title={t('shell:siteQrCode')} />
      </div>
      <Button type="primary" onClick={() => navigate('/', { replace: true })}>
        {t('shell:backHome')}
      </Button>
    </main>
  );
}
