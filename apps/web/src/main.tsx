import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLanguage } from './i18n';
import { connect } from './net/client';
import { App } from './ui/app';
import './styles.css';
import './phone.css';

connect();
// A remembered (or the browser's) Japanese is fetched before the first render, so the page does not flash English.
void startLanguage()
  .catch((e: unknown) => console.error('VRoyale: language', e))
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
