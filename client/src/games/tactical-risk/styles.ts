/** The map client's DOM panels (HUD, sidebar, dialogs, minimap), injected once while the scene runs. */
export const CSS = `
.trm { position: absolute; inset: 0; pointer-events: none; font: 13px/1.35 var(--font); color: var(--text); }
.trm > * { pointer-events: auto; }
.trm button { font: inherit; }
.trm .btn { min-height: 34px; }
.trm-chip { display: inline-flex; align-items: center; gap: 6px; font-weight: 700; }
.trm-dot { width: 12px; height: 12px; border-radius: 50%; border: 2px solid rgba(0,0,0,.55); flex: none; }
.trm-muted { color: var(--muted); }
.trm-card { background: rgba(28,31,36,.94); border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 8px 24px rgba(0,0,0,.35); }

/* HUD: top-left, one row */
.trm-hud { position: absolute; left: 10px; top: 10px; right: 330px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 8px 10px; max-width: max-content; }
.trm-hud .trm-phase { font-weight: 700; }
.trm-hud .trm-phase small { color: var(--muted); font-weight: 500; margin-left: 4px; }
.trm-hud .trm-ipc { font-variant-numeric: tabular-nums; cursor: pointer; border-bottom: 1px dotted var(--muted); }
.trm-hud .trm-gap { flex: 1; }
.trm-hud .trm-badge { padding: 2px 8px; border-radius: 999px; background: var(--panel-2); color: var(--muted); font-size: 12px; font-weight: 600; }
.trm-hud .trm-badge.spec { background: #3b3256; color: #d6c9ff; }
.trm-hud .trm-badge.turn { background: #2f5233; color: #c9f2cf; }
.trm-hud .trm-badge.fog { background: #0d1117; color: #b9c3cf; border: 1px dashed #56606c; cursor: help; }
.trm-hint { position: absolute; left: 50%; bottom: 14px; transform: translateX(-50%); padding: 7px 14px; border-radius: 999px; background: rgba(21,23,27,.9); border: 1px solid var(--line); font-weight: 600; max-width: calc(100% - 380px); text-align: center; }
.trm-hint:empty { display: none; }
/* Desktop: the sidebar is a column of its own (the map stops at its edge). */
.trm-sidebg { display: none; }
.trm-desk .trm-sidebg { display: block; position: absolute; right: 0; top: 0; bottom: 0; width: 330px; background: var(--bg); border-left: 1px solid var(--line); pointer-events: none; }
.trm-desk .trm-hint { left: 268px; transform: none; max-width: calc(100% - 330px - 280px); text-align: left; }
.trm-desk .trm-hud { max-width: calc(100% - 360px); }

/* The side panel folds away: a button brings it back. */
.trm-folded .trm-sidebg { display: none; }
.trm-fold { align-self: flex-end; flex: none; padding: 3px 10px; border-radius: 999px; border: 1px solid var(--line); background: rgba(28,31,36,.94); color: var(--muted); font-size: 12px; font-weight: 600; cursor: pointer; }
.trm-unfold { align-self: flex-end; padding: 7px 12px; border-radius: 999px; border: 1px solid var(--line); background: rgba(28,31,36,.94); color: var(--text); font-weight: 700; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.35); }
.trm-folded .trm-side { width: auto; }
.trm-folded .trm-hud { max-width: calc(100% - 140px); }
.trm-desk.trm-folded .trm-hint { max-width: calc(100% - 300px); }

/* The table's players/log panel: a drawer (its top-bar button), on wide screens too. */
@media (min-width: 821px) {
  body.mode-table.trm-fold-table #app { grid-template-columns: minmax(0, 1fr); grid-template-areas: 'top' 'board' 'actions'; }
  body.trm-fold-table .side { position: fixed; top: 0; right: 0; bottom: 0; width: min(360px, 92vw); transform: translateX(105%); transition: transform .2s ease; box-shadow: -20px 0 50px rgba(0,0,0,.5); }
  body.trm-fold-table .side.open { transform: none; }
  body.trm-fold-table .side-close, body.trm-fold-table .panel-toggle { display: inline-flex; }
}

/* Sidebar: right column */
.trm-side { position: absolute; right: 10px; top: 10px; max-height: calc(100% - 20px); width: 310px; display: flex; flex-direction: column; gap: 8px; overflow-y: auto; overscroll-behavior: contain; scrollbar-width: thin; }
.trm-side .trm-card { padding: 10px 12px; flex: none; }
.trm-side h3 { margin: 0 0 6px; font-size: 15px; display: flex; align-items: center; gap: 8px; }
.trm-side h4 { margin: 8px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.trm-side .trm-close { margin-left: auto; background: none; border: 0; color: var(--muted); font-size: 18px; cursor: pointer; }
.trm-facts { display: flex; flex-wrap: wrap; gap: 4px 10px; color: var(--muted); font-size: 12px; margin-bottom: 4px; }
.trm-units { display: flex; flex-direction: column; gap: 4px; }
.trm-urow { display: flex; align-items: center; gap: 8px; padding: 3px 0; }
.trm-ico { width: 26px; height: 26px; border-radius: 6px; display: grid; place-items: center; border: 1px solid rgba(0,0,0,.5); flex: none; }
.trm-ico img { width: 20px; height: 20px; }
.trm-urow .trm-uname { flex: 1; display: flex; flex-direction: column; line-height: 1.2; }
.trm-urow .trm-uname small { font-size: 11px; }
.trm-urow .trm-n { font-weight: 800; font-variant-numeric: tabular-nums; min-width: 22px; text-align: right; }
.trm-step { display: inline-flex; align-items: center; gap: 2px; }
.trm-step button { width: 30px; height: 30px; border-radius: 8px; border: 1px solid var(--line); background: var(--panel-2); color: var(--text); cursor: pointer; font-weight: 800; }
.trm-step button:disabled { opacity: .35; cursor: default; }
.trm-step span { min-width: 34px; text-align: center; font-weight: 800; font-variant-numeric: tabular-nums; }
.trm-row { display: flex; gap: 6px; flex-wrap: wrap; margin-top: 8px; }
.trm-row .btn { flex: 1; }
.trm-warn { margin-top: 8px; padding: 6px 8px; border-radius: 6px; border-left: 3px solid #e2553f; background: #3a2320; color: #ffd9d2; font-weight: 600; }
.trm-list { display: flex; flex-direction: column; gap: 4px; }
.trm-list button { text-align: left; padding: 7px 10px; border-radius: 8px; border: 1px solid var(--line); background: var(--panel-2); color: var(--text); cursor: pointer; display: flex; gap: 8px; align-items: center; }
.trm-list button:hover { border-color: var(--gold-2); }
.trm-list button.on { border-color: var(--gold); background: #3a3322; }
.trm-list .trm-odds { margin-left: auto; font-variant-numeric: tabular-nums; color: var(--muted); font-size: 12px; }
.trm-list .trm-dname { display: flex; flex-direction: column; line-height: 1.2; }
.trm-list .trm-dname small { font-size: 11px; }
.trm-list .trm-plan { color: var(--gold); font-weight: 700; white-space: nowrap; }
.trm-buy .trm-urow { padding: 0; }
.trm-buy .trm-ico { width: 24px; height: 24px; }
.trm-buy .trm-step button { width: 27px; height: 27px; }
.trm-summary ul { margin: 2px 0 6px; padding-left: 18px; font-size: 12px; }
.trm-summary li { margin: 1px 0; }
.trm-turn-head { display: flex; gap: 8px; align-items: center; font-size: 12px; }
.trm-handover .trm-card.trm-summary { text-align: left; padding: 10px 12px; margin: 10px 0; max-height: 40vh; overflow-y: auto; box-shadow: none; }
.trm-total { display: flex; justify-content: space-between; font-weight: 700; margin-top: 8px; padding-top: 8px; border-top: 1px solid var(--line); }
.trm-total.over { color: #ff9d8c; }
.trm-buy-foot { position: sticky; bottom: -10px; margin: 0 -12px -10px; padding: 0 12px 10px; background: rgb(28,31,36); border-radius: 0 0 12px 12px; }
.trm-check { display: flex; align-items: center; gap: 6px; margin-top: 6px; }

/* The platform's toasts rise above a phone's sheet and the controls at the map's foot (the scene sets the lift). */
#toasts { bottom: max(calc(16px + env(safe-area-inset-bottom)), var(--trm-toast-lift, 0px)); }

/* Map tools: minimap + zoom, bottom-left */
.trm-tools { position: absolute; left: 10px; bottom: 10px; display: flex; align-items: flex-end; gap: 6px; }
.trm-mini { position: relative; border-radius: 8px; overflow: hidden; border: 1px solid var(--line); cursor: pointer; box-shadow: 0 6px 18px rgba(0,0,0,.35); touch-action: none; }
.trm-mini canvas { display: block; }
.trm-mini.trm-whole { display: none; }
.trm-mini .trm-vp { position: absolute; border: 2px solid #ffe066; box-shadow: 0 0 0 1px rgba(0,0,0,.6); pointer-events: none; }
.trm-zoom { display: flex; flex-direction: column; gap: 4px; }
.trm-find { display: none; align-self: flex-end; width: 200px; height: 34px; padding: 0 10px; border-radius: 8px; border: 1px solid var(--line); background: rgba(28,31,36,.97); color: var(--text); font: inherit; }
.trm-find.open { display: block; }
/* The colour switch: at the head of the tools, a glyph like the others (its words read, and in its
   tooltip: shown, they stood out over the map); a phone's sheet head shows it with its words. */
.trm-palette { display: inline-flex; align-items: center; gap: 6px; height: 34px; border-radius: 8px; border: 1px solid var(--line); background: rgba(28,31,36,.94); color: var(--text); font: inherit; font-weight: 700; cursor: pointer; }
.trm-zoom .trm-palette { order: -1; width: 34px; padding: 0; justify-content: center; }
.trm-zoom .trm-palette span:last-child { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.trm-palette span:first-child { font-size: 17px; }
.trm-palette[aria-pressed="true"] { border-color: var(--gold-2); color: var(--gold); }
.trm-zoom button { width: 34px; height: 34px; border-radius: 8px; border: 1px solid var(--line); background: rgba(28,31,36,.94); color: var(--text); font-size: 17px; font-weight: 700; cursor: pointer; }
.trm-zoom .trm-tools-toggle { display: none; order: -2; }

/* Dialogs over the map */
.trm-dialog-wrap { position: absolute; inset: 0; display: grid; place-items: center; background: rgba(8,10,14,.72); padding: 10px; }
.trm-modal .trm-side, .trm-modal .trm-hint, .trm-modal .trm-tools { visibility: hidden; }
.trm-dialog-wrap.folded { inset: auto 0 auto 0; top: 64px; background: none; pointer-events: none; }
.trm-battle-bar { pointer-events: auto; padding: 8px 14px; color: var(--text); font-weight: 700; cursor: pointer; border-color: #7a3326; background: rgba(74,38,32,.95); }
.trm-battle-end { margin-top: 10px; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--line, #444); background: rgba(255,255,255,.05); display: flex; flex-direction: column; gap: 2px; }
.trm-battle-end strong { color: var(--gold, #e0b84a); }
.trm-dialog { width: min(620px, 100%); max-height: 100%; overflow-y: auto; padding: 14px 16px; background: var(--bg-2); }
.trm-dialog h2 { margin: 0 0 4px; font-size: 18px; display: flex; align-items: center; gap: 8px; }
.trm-dialog .trm-sub { color: var(--muted); margin-bottom: 10px; }
.trm-sides { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.trm-force { background: var(--panel); border-radius: 10px; padding: 8px 10px; border: 1px solid var(--line); }
.trm-force h4 { margin: 0 0 6px; font-size: 13px; display: flex; gap: 6px; align-items: center; }
.trm-force .trm-urow { padding: 1px 0; }
.trm-force .trm-urow.pick { cursor: pointer; border-radius: 6px; padding: 2px 4px; }
.trm-force .trm-urow.pick:hover { background: var(--panel-2); }
.trm-oddsbar { display: flex; height: 22px; border-radius: 6px; overflow: hidden; margin: 10px 0 4px; font-size: 11px; font-weight: 700; }
.trm-oddsbar div { display: grid; place-items: center; color: #111; white-space: nowrap; overflow: hidden; }
.trm-dice { display: flex; flex-wrap: wrap; gap: 4px; min-height: 30px; }
.trm-die { width: 26px; height: 26px; border-radius: 6px; background: #f4f1e8; color: #1a1a1a; display: grid; place-items: center; font-weight: 800; box-shadow: inset 0 -2px 0 rgba(0,0,0,.2); }
.trm-die.hit { background: #ffd34d; box-shadow: 0 0 0 2px #e2553f; }
.trm-die.miss { background: #8f8b82; color: #2a2a2a; opacity: .6; }
.trm-hits { color: var(--gold); }
.trm-bombard-dice { margin-top: 4px; font-size: 12px; }
.trm-bombard { font-style: italic; opacity: .9; border-top: 1px dashed var(--line); margin-top: 4px; padding-top: 4px !important; }
.trm-die.roll { animation: trm-roll .5s ease-out; }
@keyframes trm-roll { 0% { transform: rotate(-200deg) scale(.4); opacity: 0; } 70% { transform: rotate(15deg) scale(1.1); opacity: 1; } 100% { transform: none; } }
.trm-prompt { margin-top: 10px; padding: 10px; border-radius: 10px; background: #2b2620; border: 1px solid #5a4a2a; }
.trm-prompt b { color: var(--gold); }
.trm-dgroup { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin: 2px 0; }
.trm-dgroup small { min-width: 0; }
/*
 * The decision stays in view at the foot of a scrolled dialog (a phone's casualty choice was below
 * the forces and the dice, its Remove out of sight while the clock ran): the prompt sticks to the
 * dialog's bottom edge, the rest scrolls under it; a long list of units to pick scrolls inside it.
 */
.trm-dialog > .trm-prompt { position: sticky; bottom: -14px; z-index: 1; box-shadow: 0 -10px 18px rgba(8,10,14,.55); }
.trm-prompt > .trm-row:last-child { padding: 8px 0 2px; }
.trm-cas { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.trm-cas button { display: inline-flex; align-items: center; gap: 6px; padding: 4px 8px 4px 4px; border-radius: 8px; border: 1px solid var(--line); background: var(--panel-2); color: var(--text); cursor: pointer; }
.trm-cas button.on { border-color: var(--red); background: #4a2620; }
.trm-cas button img { width: 20px; height: 20px; }

/* Hand-over and game-over */
.trm-handover { position: absolute; inset: 0; display: grid; place-items: center; background: rgb(10,12,16); z-index: 5; }
.trm-handover .trm-card { padding: 24px 28px; text-align: center; max-width: 360px; }
.trm-handover h2 { margin: 10px 0 6px; }

@media (max-width: 760px) {
  .trm-hud { left: 6px; right: 6px; top: 6px; max-width: none; gap: 6px 8px; padding: 6px 8px; font-size: 12px; }
  .trm-hud .btn { min-height: 32px; padding: 4px 10px; }
  .trm-side { left: 6px; right: 6px; top: auto; bottom: 6px; width: auto; max-height: 46%; }
  .trm-side:empty { display: none; }
  .trm-tools { left: auto; right: 6px; bottom: auto; top: 104px; flex-direction: column-reverse; align-items: flex-end; }
  .trm-mini { opacity: .9; }
  /* The tools fold behind one button (open, their two columns covered names east of the focus). */
  .trm-zoom .trm-tools-toggle { display: block; }
  .trm-zoom:not(.open) > :not(.trm-tools-toggle) { display: none !important; }
  .trm-zoom.open .trm-tools-toggle { border-color: var(--gold-2); color: var(--gold); }
  .trm-sheet .trm-zoom .trm-palette { display: none; }
  /* A sheet open: the tools in two columns, so the last ones stay clear of the sheet's Hide. */
  .trm-sheet .trm-zoom { display: grid; grid-template-columns: repeat(2, 34px); }
  .trm-sheet-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex: none; }
  .trm-sheet-head .trm-palette { height: 30px; padding: 0 10px 0 8px; border-radius: 999px; font-size: 12px; }
  .trm-sheet .trm-mini { display: none; }
  /* No sheet open: the tools and minimap sit at the bottom, where the fitted map leaves ocean. */
  .trm:not(.trm-sheet) .trm-tools { top: auto; bottom: 10px; }
  .trm-hint { bottom: auto; top: 96px; left: 6px; transform: none; text-align: left; max-width: calc(100% - 136px); font-size: 12px; border-radius: 12px; }
  .trm-sides { grid-template-columns: 1fr; }
  .trm-dialog { padding: 12px; }
  .trm-dialog > .trm-prompt { bottom: -12px; }
  .trm-cas { max-height: 22vh; overflow-y: auto; }
}
`;
