/**
 * The offline single-file Bankout (dist-single/bankout.html): the same scene and table shell as the
 * server build, driven by a LocalTable. No network connection is ever opened.
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-800.css';
import '../../../ui/base.css';
import '../../../lobby/lobby.css';
import '../../../table/table.css';
import '../bankout.css';
import type Phaser from 'phaser';
import { bankout } from '@parlor/shared/games/bankout/index';
import { createGame, switchScene } from '../../../app/game';
import { setDebug } from '../../../app/debug';
import { bankoutClient } from '../index';
import { LobbyScene } from '../../../scenes/LobbyScene';
import { TableShell } from '../../../table/TableShell';
import { openCredits } from '../../../ui/credits';
import { button, h } from '../../../ui/dom';
import { LocalTable } from '../../../offline/LocalTable';
import { showStartDialog, type OfflineSetup } from './StartDialog';

document.body.classList.add('mode-lobby');

let phaser: Phaser.Game;

function menu(): void {
  switchScene(phaser, LobbyScene.KEY);
  setDebug('route', 'offline-start');
  showStartDialog(play);
}

function play(setup: OfflineSetup): void {
  const conn = new LocalTable({
    game: bankout,
    seats: [
      { name: setup.names[0], bot: false },
      { name: setup.names[1], bot: setup.vsAI, level: setup.level },
    ],
    options: { mode: setup.mode, jokers: setup.jokers, turnSeconds: 0 },
    botDelayMs: botDelay(),
  });
  setDebug('route', 'offline-table');
  new TableShell({
    conn,
    game: bankoutClient,
    phaser,
    onLeave: menu,
    extraHelp: button('Credits', openCredits, { small: true, kind: 'ghost', testid: 'credits-button' }),
  });
  if (conn.hotSeat) watchHandoff(conn);
}

/** `?botDelay=50` speeds the AI up (tests, demos); the default lets people follow its moves. */
function botDelay(): number {
  const v = Number(new URLSearchParams(location.search).get('botDelay'));
  return Number.isFinite(v) && v > 0 ? Math.min(5000, v) : 900;
}

/** Hot seat: hide the screen when it is the other person's turn, until they tap to continue. */
function watchHandoff(conn: LocalTable): void {
  let seat = conn.snapshot()?.mySeat ?? 0;
  conn.on('change', (s) => {
    if (s.status !== 'playing' || s.mySeat === seat) return;
    seat = s.mySeat;
    const name = s.seats[seat]?.name ?? `Player ${seat + 1}`;
    const curtain = h(
      'div',
      { class: 'handoff', testid: 'handoff' },
      h('div', { class: 'label', text: 'Pass the device' }),
      h('h2', { text: `${name}, your move` }),
      h('p', { class: 'muted', text: 'Your hand stays hidden until you tap.' }),
      button(`I'm ${name}`, () => curtain.remove(), { kind: 'primary', testid: 'handoff-continue' }),
    );
    document.body.append(curtain);
  });
}

void createGame([LobbyScene, bankoutClient.sceneClass], bankoutClient.textures()).then((game) => {
  phaser = game;
  menu();
});
