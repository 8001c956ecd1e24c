import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installConsoleFilter } from './lib/console-filter.ts';
import './styles.css';

if (import.meta.env.PROD) installConsoleFilter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
