import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takeOidcReturn } from './features/auth/oidc-return';
import { takeResetToken } from './features/auth/reset-link';
import { i18nReady } from './i18n';
import { applyPaintStylesheets } from './lib/first-paint';
import { holdEarlyToasts } from './lib/notify';
import './index.css';

// A page with the server's first paint leaves the stylesheet to the scripts (docs/web.md).
applyPaintStylesheets();
// A call that fails before the shell installs its toasts still says why, once it has.
holdEarlyToasts();
// Before the router: the landing redirect would drop a reset link's fragment.
takeResetToken();
takeOidcReturn();

// The router starts loading the screen's chunk as soon as `App` is imported; the texts of the
// visitor's language load at the same time, and the app renders once they are there.
void i18nReady
  .catch((error: unknown) => console.warn('texts', error))
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
