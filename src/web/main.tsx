import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadScreens } from './app/router.tsx';
import { installConsoleFilter } from './lib/console-filter.ts';
import './styles.css';

if (import.meta.env.PROD) installConsoleFilter();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A first screen whose code is a chunk of its own shows once that is in (preloaded with the page:
// vite.config.ts route-preload), with nothing before it, as with the data router, not a spinner. A
// chunk that fails to load is the screens' error boundary's to report.
const firstScreen = loadScreens(window.location.pathname);
if (firstScreen) void firstScreen.catch(() => {}).then(render);
else render();
