/** The browser client served by a Parlor server: boot (textures, fonts), then the hash router. */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-800.css';
import './ui/base.css';
import './lobby/lobby.css';
import './table/table.css';
import './games/bankout/bankout.css';
import './games/kingpin/kingpin.css';
import './games/devices/devices.css';
import './games/james-bland/jamesBland.css';
import { createGame } from './app/game';
import { Router } from './app/router';
import { clientGames } from './games';
import { LobbyScene } from './scenes/LobbyScene';

document.body.classList.add('mode-lobby');

void createGame(
  [LobbyScene, ...clientGames.map((g) => g.sceneClass)],
  clientGames.flatMap((g) => g.textures()),
).then((game) => new Router(game).start());
