import './app/global.css';

import { startApp } from './app/startApp';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A task of its own for the store and the start: evaluating the bundles already took one, and
// together they would be one long task that keeps the (server-rendered) page from answering input.
setTimeout(() => void startApp(container, makeStore()), 0);
