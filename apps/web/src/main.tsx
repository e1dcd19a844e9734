import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './net/client';
import { App } from './ui/app';
import './styles.css';

connect();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
