import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { captureTokenFromAddress } from './lib/session-token';

// Before anything renders or requests, so the token leaves the address bar at once.
captureTokenFromAddress();

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });
