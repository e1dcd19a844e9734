import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLanguage } from './i18n';
import { watchSettings } from './net/account-sync';
import { start } from './net/identity';
import { App } from './ui/app';
import { watchMotion } from './motion/run';
import { watchMotionClass } from './settings';
import { watchSounds } from './sound';
import './styles.css';
import './phone.css';
import './motion.css';

// Ahead of React's own subscription: motion measures the page before a new view renders.
watchMotion();
watchSounds();
watchMotionClass();
watchSettings();
void start();
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
