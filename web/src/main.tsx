import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takeOidcReturn } from './features/auth/oidc-return';
import { takeResetToken } from './features/auth/reset-link';
import { i18nReady } from './i18n';
import './index.css';

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
