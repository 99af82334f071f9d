/**
 * The browser client served by a Parlor server: the lobby is plain DOM and starts at once; Phaser
 * and each game's code are fetched when a table or replay opens (see app/game.ts, games/index.ts).
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-800.css';
import './ui/base.css';
import './lobby/lobby.css';
import './table/table.css';
import { Router } from './app/router';
import { installSkipLink } from './ui/skipLink';

document.body.classList.add('mode-lobby');
installSkipLink(document.getElementById('app') as HTMLElement);
new Router().start();
