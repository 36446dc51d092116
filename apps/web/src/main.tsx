import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { initI18n } from './i18n/i18n';
import './styles/global.css';

// SPEC 4 Section loading (preload-error event, rethrown when unhandled) is
// Vite's own preload behaviour; the route error page then offers a reload.
initI18n();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}
