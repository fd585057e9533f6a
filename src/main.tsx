import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { AppProviders } from './app/providers';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const { store, persistor } = makeStore();

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <App />
    </AppProviders>
  </StrictMode>,
);
