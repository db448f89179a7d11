import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, identityHeaders } from '../../api/client';

/** A picture of this site (or one the page made: data:, blob:), which loads as it is. */
export function isOwnPicture(src: string): boolean {
  if (/^(data|blob):/i.test(src)) return true;
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

const hostOf = (src: string) => {
  try {
    return new URL(src).host;
  } catch {
    return src.slice(0, 40);
  }
};

interface AnswerImageProps {
  src: string | undefined;
  alt: string;
  title: string | undefined;
  eager: boolean;
}

/**
 * A picture in an answer. Our own pictures show at once; another site's wait for a click and
 * then come through the server's address-guarded proxy as a blob: the page's policy loads no
 * other site's pictures, so that an answer cannot make the browser call an address of its
 * choosing by itself (and carry the conversation out in it).
 */
export function AnswerImage({ src, alt, title, eager }: AnswerImageProps) {
  const { t } = useTranslation();
  if (!src) return null;
  if (isOwnPicture(src))
    return (
      <img src={src} alt={alt} title={title} loading={eager ? 'eager' : 'lazy'} decoding="async" />
    );
  // The PNG export draws what the screen shows, without buttons: the site's name as text.
  if (eager)
    return (
      <span className="md-remote-image" title={src}>
        {t('common:remoteImage.notLoaded', { host: hostOf(src) })}
      </span>
    );
  return <RemotePicture src={src} alt={alt} />;
}

type State = { at: 'idle' } | { at: 'loading' } | { at: 'shown'; url: string } | { at: 'failed' };

function RemotePicture({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ at: 'idle' });
  const shown = state.at === 'shown' ? state.url : null;
  useEffect(() => () => void (shown && URL.revokeObjectURL(shown)), [shown]);

  const load = async () => {
    setState({ at: 'loading' });
    try {
      const res = await fetch(`${API_BASE}/proxy/image?url=${encodeURIComponent(src)}`, {
        headers: identityHeaders(),
      });
      if (!res.ok) throw new Error(String(res.status));
      setState({ at: 'shown', url: URL.createObjectURL(await res.blob()) });
    } catch {
      setState({ at: 'failed' });
    }
  };

  if (shown) return <img src={shown} alt={alt} decoding="async" />;
  const host = hostOf(src);
  return (
    <button
      type="button"
      className="md-remote-image"
      data-testid="remote-image"
      title={src}
      disabled={state.at === 'loading'}
      onClick={() => void load()}
    >
      <span>
        {state.at === 'loading'
          ? t('common:remoteImage.loading')
          : state.at === 'failed'
            ? t('common:remoteImage.failed', { host })
            : t('common:remoteImage.show', { host })}
      </span>
      {alt && <span className="md-remote-image-alt">{alt}</span>}
      <span className="md-remote-image-hint">{t('common:remoteImage.hint')}</span>
    </button>
  );
}
