import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takeResetToken } from './features/auth/reset-link';
import './index.css';

// Before the router: the landing redirect would drop a reset link's fragment.
takeResetToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
