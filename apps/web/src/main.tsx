import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { initI18n, loadLocale } from './i18n/i18n';
import { detectLocale } from './i18n/locale';
import './styles/global.css';

// SPEC 4 Section loading (preload-error event, rethrown when unhandled) is
// Vite's own preload behaviour; the route error page then offers a reload.
const locale = detectLocale();
initI18n(locale);

function render() {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}

// A Chinese page waits for its catalog (its own chunk); should that fail, it
// shows the English texts rather than nothing.
loadLocale(locale).then(render, render);
