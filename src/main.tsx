import './app/global.css';

import { startApp } from './app/startApp';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

void startApp(container, makeStore());
