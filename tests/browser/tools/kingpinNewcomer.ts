/// <reference lib="dom" />
/**
 * A newcomer's whole Kingpin match against one or two AIs (easy unless told), played through the screen (not a test: a
 * tool to read a match as a new player lives it). Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/kingpinNewcomer.ts [phone|desktop] [easy|normal|hard] [2|3]
 *
 * The newcomer plays as a person who reads the screen: reads and dismisses the first-match hints;
 * follows the threat line's shield button only when it says the Boss is in real danger (it could
 * be destroyed, or lose half its HP or more): "Add N shields … from your safe" (a tap: $1 from the
 * safe onto the Boss) or "Move N shields … (from your Financier)" (a tap: one shield from that card
 * onto the Boss, free), a tap at a time until the button goes, each press named in the turn's line;
 * else keeps the money a buy needs (the Price is checked, not paid); puts a hand card on the board; then one main action: an attack that the
 * planner's preview says destroys a card (the card the line says to hit first; else the enemy Boss
 * when it falls, else the weakest card when it falls, else the Boss; when the planner shows beside the
 * weakest card's "destroys it" what the same attack would take off that rival's Boss, she hits that
 * Boss instead when it would fall, lose at least a quarter of its HP (NEWCOMER_BOSS_SHARE), or lose
 * more HP than the small card has), but with a thin board (fewer than 3 cards in hand and on board) she cancels
 * an attack that destroys nothing and buys instead: the Reserve card whose face reads strongest
 * among those she can take (tap it, then its Buy button), else the pile when its button does not
 * say "→ Reserve"; a bought card goes to the board with one shield. No attack: a buy; else ends
 * the turn. Ammunition: what the prompt starts at.
 * Prints one line per own turn (safe, Bosses' HP, what was done, dead turns) and saves screenshots
 * to test-artifacts/screenshots/kingpin-newcomer-*.png.
 */
import type { Page } from 'playwright-core';
import { cardDef } from '../../../shared/src/games/kingpin/cards';
import { byTestId, launchBrowser, person, shoot, startServer } from '../harness';

const PORT = Number(process.env.NEWCOMER_PORT ?? 2741);
const size = process.argv[2] === 'desktop' ? 'desktop' : 'phone';
const level = process.argv[3] ?? 'easy';
const players = process.argv[4] === '3' ? 3 : 2;
/** The share of a Boss's HP that, shown beside a small card's "destroys it", turns her attack on the Boss. */
const BOSS_SHARE = Number(process.env.NEWCOMER_BOSS_SHARE ?? 0.25);
/** A number as the screen prints it (quarters as ¼ ½ ¾). */
const num = (t: string) => parseFloat(t.replace('¼', '.25').replace('½', '.5').replace('¾', '.75'));
const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };

/* eslint-disable @typescript-eslint/no-explicit-any */
type Action = { type: string; [k: string]: any };
const snap = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    if (!pub) return null;
    return {
      status: s.status as string,
      me: s.mySeat as number,
      turn: pub.turn as number,
      turnNumber: pub.turnNumber as number,
      phase: pub.phase as string,
      prompt: (pub.prompt?.seat === s.mySeat ? pub.prompt.kind : null) as string | null,
      legal: s.legal as Action[],
      hand: (s.view.private?.hand ?? []) as string[],
      players: pub.players.map((p: any) => ({
        safe: p.safe as number,
        board: p.board.map((c: any) =>
          c
            ? {
                id: c.id as string,
                hp: c.hp as number,
                shields: c.shields as number,
                boss: /^boss_/.test(c.id),
              }
            : null,
        ) as ({ id: string; hp: number; shields: number; boss: boolean } | null)[],
      })) as { safe: number; board: ({ id: string; hp: number; shields: number; boss: boolean } | null)[] }[],
      winner: pub.winner as number | null,
      reserve: pub.reserve.length as number,
      key: `${pub.turnNumber}|${pub.phase}|${s.log.length}|${s.legal.length}|${s.status}`,
      log: s.log.length as number,
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */
type Snap = NonNullable<Awaited<ReturnType<typeof snap>>>;

const tap = async (page: Page, x: number, y: number) => {
  if (size === 'phone') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  await page.waitForTimeout(200);
};
const rawBoardAt = (page: Page, seat: number, slot: number) =>
  page.evaluate(
    ([s, l]) => {
      const w = window as any; // eslint-disable-line @typescript-eslint/no-explicit-any
      const r = w.__parlor.kingpin.boardRect(s, l) as {
        x: number;
        y: number;
        h: number;
        view: { top: number; bottom: number };
      };
      // The camera view it is drawn in (a scrolling board's, or your pinned row's).
      return { x: r.x, y: r.y, h: r.h, top: r.view.top, bottom: r.view.bottom };
    },
    [seat, slot],
  );
/** A board card's centre, first scrolled into view with the "more" cue as a person would (a phone, three players). */
const boardAt = async (page: Page, seat: number, slot: number) => {
  const r = await rawBoardAt(page, seat, slot);
  const cue = r.y - r.h / 4 < r.top ? 'kp-scroll-up' : r.y + r.h / 4 > r.bottom ? 'kp-scroll-down' : null;
  if (!cue) return { x: r.x, y: r.y };
  await byTestId(page, cue).click();
  await page.waitForTimeout(600);
  const again = await rawBoardAt(page, seat, slot);
  return { x: again.x, y: again.y };
};
/** A Reserve card's centre, scrolled into view with the "more" cue first when need be. */
const reserveAt = async (page: Page, card: string) => {
  const read = () =>
    page.evaluate((c) => {
      const r = (window as any).__parlor.kingpin.reserveRect(c); // eslint-disable-line @typescript-eslint/no-explicit-any
      return { x: r.x, y: r.y, h: r.h, top: r.view.top, bottom: r.view.bottom };
    }, card);
  const r = await read();
  const cue = r.y - r.h / 4 < r.top ? 'kp-scroll-up' : r.y + r.h / 4 > r.bottom ? 'kp-scroll-down' : null;
  if (!cue) return r;
  await byTestId(page, cue).click();
  await page.waitForTimeout(600);
  return read();
};
const press = async (page: Page, id: string) => {
  const el = byTestId(page, id).first();
  await el.waitFor({ state: 'visible', timeout: 5000 });
  await el.click();
};
const changed = (page: Page, key: string) =>
  page
    .waitForFunction(
      (k) => {
        const s = (window as any).__parlor?.table?.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
        const pub = s?.view?.public;
        return `${pub?.turnNumber}|${pub?.phase}|${s?.log.length}|${s?.legal.length}|${s?.status}` !== k;
      },
      key,
      { timeout: 20_000, polling: 50 },
    )
    .catch(() => undefined);

/** The seat of the player with this name (the threat line names opponents). */
const seatNamed = (page: Page, name: string) =>
  page.evaluate(
    (n) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      ((window as any).__parlor.table.snapshot().view.public.players as { name: string }[]).findIndex(
        (p) => p.name === n,
      ),
    name,
  );

async function main(): Promise<void> {
  const server = await startServer(PORT);
  const browser = await launchBrowser();
  const errors: string[] = [];
  const lines: string[] = [];
  const shots = new Set<string>();
  const shot = async (page: Page, tag: string) => {
    if (shots.has(tag)) return;
    shots.add(tag);
    // The frame after the change (a hint resizes the stage: its canvas is blank until the next frame).
    await page.waitForTimeout(300);
    await shoot(page, `kingpin-newcomer-${size}-${tag}`);
  };
  try {
    const { page } = await person(browser, 'Ada', viewport);
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/');
    await byTestId(page, 'create-kingpin').click();
    await byTestId(page, 'create-dialog').waitFor();
    await byTestId(page, 'create-seats').selectOption(String(players));
    await byTestId(page, 'create-submit').click();
    await byTestId(page, 'waiting-room').waitFor();
    for (let seat = 1; seat < players; seat++) {
      await byTestId(page, `add-bot-${seat}`).click();
      await byTestId(page, `bot-level-select-${seat}`).waitFor();
    }
    // The waiting room's advice for a first match, taken with its own button when it is the level asked for.
    const advice = byTestId(page, 'level-advice-apply');
    lines.push(`waiting room: ${await byTestId(page, 'level-advice-text').textContent()}`);
    await shot(page, 'waiting');
    if (level === 'easy' && (await advice.isVisible())) await advice.click();
    else
      for (let seat = 1; seat < players; seat++)
        await byTestId(page, `bot-level-select-${seat}`).selectOption(level);
    await page.waitForFunction(
      (l) => (window as any).__parlor.table.snapshot().seats.every((x: any) => !x.bot || x.botLevel === l), // eslint-disable-line @typescript-eslint/no-explicit-any
      level,
    );
    await byTestId(page, 'start-button').click();
    await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing'); // eslint-disable-line @typescript-eslint/no-explicit-any
    await shot(page, 'start');
    let ownTurns = 0;
    let dead = 0;
    /** Presses of the threat line's button: shields added from the safe, shields moved from a card. */
    const linePresses = { add: 0, move: 0 };
    let lastTurn = -1;
    let did: string[] = [];
    const started = Date.now();
    for (;;) {
      if (Date.now() - started > 15 * 60_000) throw new Error('the match took more than 15 minutes');
      const s = await snap(page);
      if (!s) {
        await page.waitForTimeout(200);
        continue;
      }
      if (s.status !== 'playing') {
        await page.waitForTimeout(1500);
        await shot(page, 'end');
        const tail = await page.evaluate(() =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          ((window as any).__parlor.table.snapshot().log as { text?: string }[]).slice(-6).map((l) => l.text),
        );
        // The last own turn's line: what she did in it.
        const last = lines.map((l) => l.startsWith('turn ')).lastIndexOf(true);
        if (last >= 0) lines[last] += ` | ${did.join(', ') || 'nothing'}`;
        lines.push(`END: ${s.winner === s.me ? 'Ada wins' : 'the AI wins'} after ${ownTurns} turns of Ada's`);
        lines.push(`   last log lines: ${tail.join(' | ')}`);
        break;
      }
      if (s.legal.length === 0) {
        await page.waitForTimeout(150);
        continue;
      }
      const me = s.players[s.me]!;
      const rivals = s.players.filter((_, i) => i !== s.me);
      if (s.turnNumber !== lastTurn && !s.prompt && s.turn === s.me) {
        // A new own turn: close the previous one's line.
        if (lastTurn >= 0) lines[lines.length - 1] += ` | ${did.join(', ') || 'nothing'}`;
        lastTurn = s.turnNumber;
        ownTurns++;
        did = [];
        const boss = (p: Snap['players'][number]) => p.board.find((c) => c?.boss);
        const threat =
          (await byTestId(page, 'kp-threat')
            .textContent()
            .catch(() => '')) ?? '';
        const ai = rivals
          .map((p) => `AI Boss ${boss(p)?.hp ?? '-'}+${boss(p)?.shields ?? 0}🛡 $${p.safe}`)
          .join(', ');
        lines.push(
          `turn ${String(s.turnNumber).padStart(2)} (#${ownTurns}): $${me.safe}, Boss ${boss(me)?.hp ?? '-'}+${boss(me)?.shields ?? 0}🛡, ${ai}, hand ${s.hand.length}, reserve ${s.reserve} · threat: ${threat.slice(0, 220)}`,
        );
        if (ownTurns === 1 || ownTurns % 4 === 0) await shot(page, `turn${ownTurns}`);
      }
      // Prompts.
      if (s.prompt === 'place') {
        const board = s.legal.find(
          (a) => a.type === 'place' && a.to === 'board' && a.shields === Math.min(1, me.safe),
        );
        await shot(page, 'place');
        await press(page, board ? `kp-place-board-${board.shields}` : 'kp-place-hand');
        did.push(board ? `bought, played with ${board.shields} shield` : 'bought, kept');
      } else if (s.prompt === 'ammo') {
        await shot(page, 'ammo');
        const amount = await byTestId(page, 'kp-ammo-value').textContent();
        await press(page, 'kp-ammo-fire');
        did.push(`fired $${amount}`);
      } else if (s.prompt === 'pick') {
        const pick = s.legal.find((a) => a.type === 'pick' && a.target) ?? s.legal[0]!;
        await shot(page, 'pick');
        await press(page, pick.target ? `kp-pick-${pick.target.seat}-${pick.target.slot}` : 'kp-pick-null');
        did.push('picked');
      } else if (s.prompt === 'emergency') {
        await shot(page, 'emergency');
        await press(page, 'kp-emergencyDone');
      } else if (s.turn === s.me && s.phase === 'turn') {
        // A first-match hint: read, then "Got it".
        const coach = byTestId(page, 'kp-coach-ok');
        if (await coach.isVisible().catch(() => false)) {
          const text = await byTestId(page, 'kp-coach').textContent();
          lines.push(`   hint: ${text?.replace(/Got it$/, '')}`);
          await shot(page, `hint${lines.length}`);
          await coach.click();
          await page.waitForTimeout(200);
          continue;
        }
        // The threat line: its level (data-level) and its advice. Shields only when it says the
        // Boss is in real danger: it could be destroyed, or lose half its HP or more.
        const threatEl = byTestId(page, 'kp-threat');
        const threat = (await threatEl.textContent().catch(() => '')) ?? '';
        const threatLevel =
          (await threatEl.getAttribute('data-level', { timeout: 500 }).catch(() => '')) ?? '';
        const hitFor = /could hit your Boss for ([\d¼½¾]+) of ([\d¼½¾]+) HP/.exec(threat);
        const realDanger = threatLevel === 'danger' || (!!hitFor && num(hitFor[1]!) >= num(hitFor[2]!) / 2);
        const bossSlot = me.board.findIndex((c) => c?.boss);
        const add = /Add \d+ shields? to your Boss \(\$(\d+) from your safe/.exec(threat);
        const shield = s.legal.find((a) => a.type === 'safeToShield' && a.slot === bossSlot);
        // The line's own button when it has one (a tap adds a shield), else the Boss's menu.
        const lineButton = byTestId(page, 'kp-threat-shield');
        if (realDanger && (await lineButton.isVisible().catch(() => false))) {
          // "+ Add 2 shields to your Boss ($2 from your safe)" or "+ Move 2 shields to your Boss (from
          // your Financier)": what she reads is what she presses.
          const says = ((await lineButton.textContent().catch(() => '')) ?? '').replace(/^\+ /, '');
          const move = /^Move /.test(says);
          await shot(page, move ? 'threat-move' : 'threat-advice');
          await lineButton.click();
          await changed(page, s.key);
          linePresses[move ? 'move' : 'add']++;
          did.push(
            `${move ? 'moved a shield onto Boss' : '+shield on Boss'} (line: ${threatLevel}, "${says}")`,
          );
          continue;
        }
        if (realDanger && add && shield && Number(add[1]) > 0) {
          await shot(page, 'threat-advice');
          await tap(page, ...(Object.values(await boardAt(page, s.me, bossSlot)) as [number, number]));
          await press(page, `kp-safeToShield-${bossSlot}`);
          await changed(page, s.key);
          await page
            .locator('.kp-x')
            .first()
            .click()
            .catch(() => undefined);
          did.push('+shield on Boss');
          continue;
        }
        const deploy = s.legal.find((a) => a.type === 'deploy');
        if (deploy) {
          const boxes = await page.evaluate(() => (window as any).__parlor.kingpin.handBoxes()); // eslint-disable-line @typescript-eslint/no-explicit-any
          const box = boxes.find((b: { id: string }) => b.id === deploy.card);
          await tap(page, box.x + box.w / 2, box.y + box.h / 2);
          await press(page, `kp-deploy-${deploy.card}`);
          did.push(`deployed ${deploy.card}`);
          await changed(page, s.key);
          continue;
        }
        // What she could buy: the Reserve card whose face reads strongest (ATK + HP) among those she
        // can take now (its Buy button is there: the Price is in her safe, she has room), and the
        // pile when its button does not say the card would go to the Reserve.
        const onBoard = me.board.filter(Boolean).length;
        const reserveBuys = s.legal.filter((a) => a.type === 'buy' && a.source === 'reserve');
        const face = (id: string) => {
          const d = cardDef(id as never);
          return d.atk + d.hp;
        };
        const bestReserve = reserveBuys.length
          ? reserveBuys.reduce((x, y) => (face(y.card) > face(x.card) ? y : x))
          : undefined;
        const pileBuy = s.legal.find((a) => a.type === 'buy' && a.source === 'pile');
        const pileText = pileBuy ? ((await byTestId(page, 'kp-buy-pile').textContent()) ?? '') : '';
        const pileKeeps = !!pileBuy && !/Reserve/i.test(pileText);
        // A thin board (the Boss and one card or less) wants cards more than a hit that kills nothing.
        const wantsCards = onBoard + s.hand.length < 3 && (!!bestReserve || pileKeeps);
        /** Buys what she chose: the Reserve card (tapped, then its Buy button), else the pile. */
        const buy = async (why: string) => {
          if (bestReserve) {
            const r = await reserveAt(page, bestReserve.card);
            await tap(page, r.x, r.y);
            await shot(page, 'reserve-buy');
            await press(page, `kp-buy-reserve-${bestReserve.card}`);
            did.push(`bought ${bestReserve.card} from the Reserve (${why})`);
          } else {
            await press(page, 'kp-buy-pile');
            did.push(`buy from pile (${why})`);
          }
          await changed(page, s.key);
        };
        const attacks = s.legal.filter((a) => a.type === 'attack' && a.target.zone === 'board');
        if (attacks.length) {
          const most = Math.max(...attacks.map((a) => a.attackers.length));
          const full = attacks.filter((a) => a.attackers.length === most);
          const card = (a: Action) => s.players[a.target.seat]!.board[a.target.slot];
          const atBoss = full.find((a) => card(a)?.boss);
          const weakest = (xs: Action[]) =>
            xs.reduce((x, y) =>
              (card(y)?.hp ?? 99) + (card(y)?.shields ?? 0) < (card(x)?.hp ?? 99) + (card(x)?.shields ?? 0)
                ? y
                : x,
            );
          // "Hit Bot 2's Sniper first" (or "Hit their attackers first": the opponent the headline names).
          const hitMatch = /Hit (.+?)'s (.+?) first/.exec(threat);
          const hitName = hitMatch?.[1];
          const hitCard = hitMatch?.[2];
          const named = hitName ?? /^(?:The truce ends: )?(.+?) \(/.exec(threat)?.[1];
          const namedSeat = named ? await seatNamed(page, named) : -1;
          const theirs =
            hitName || /Hit their attackers first/.test(threat)
              ? full.filter((a) => a.target.seat === namedSeat && !card(a)?.boss)
              : [];
          // The weakest card first when it can be destroyed (the planner's preview tells), else the Boss.
          let pick = theirs.length ? weakest(theirs) : weakest(full);
          await press(page, 'kp-attack');
          for (const slot of pick.attackers) {
            const r = await boardAt(page, s.me, slot);
            await tap(page, r.x, r.y);
          }
          const t = await boardAt(page, pick.target.seat, pick.target.slot);
          await tap(page, t.x, t.y);
          const targetText = async () => (await byTestId(page, 'kp-planner').textContent()) ?? '';
          const previewText = async () =>
            (await byTestId(page, 'kp-preview')
              .textContent()
              .catch(() => '?')) ?? '?';
          // The card the line names ("Hit Bot 3's General first"): tapped as a target until the
          // planner says "Target: Bot 3's General".
          if (hitCard && theirs.length && !(await targetText()).includes(`Target: ${hitName}'s ${hitCard}`))
            for (const a of theirs) {
              const r = await boardAt(page, a.target.seat, a.target.slot);
              await tap(page, r.x, r.y);
              if ((await targetText()).includes(`Target: ${hitName}'s ${hitCard}`)) {
                pick = { ...a, attackers: pick.attackers };
                break;
              }
            }
          let preview = await previewText();
          // Their Boss when it can be hit: kept when the preview says it falls (the match, or a
          // rival out), or when the weakest card would not fall either; else back to the weakest.
          if (!theirs.length && atBoss && atBoss !== pick) {
            const weak = pick;
            const weakFalls = /destroys it/.test(preview);
            const r = await boardAt(page, atBoss.target.seat, atBoss.target.slot);
            await tap(page, r.x, r.y);
            pick = { ...atBoss, attackers: pick.attackers };
            preview = await previewText();
            if (!/destroys it/.test(preview) && weakFalls) {
              const w = await boardAt(page, weak.target.seat, weak.target.slot);
              await tap(page, w.x, w.y);
              pick = weak;
              preview = await previewText();
            }
          }
          // What the planner shows beside a small card's "destroys it": the same attack on that
          // rival's Boss ("on their Boss: 10¼ of 20 HP"). She turns it on the Boss when the Boss
          // would fall, lose at least a quarter of its HP, or lose more HP than the small card
          // has (HP + shields: what its fall takes off their board).
          const label = /on their Boss: (?:(destroys it)|([\d¼½¾]+) of ([\d¼½¾]+) HP)/.exec(preview);
          const small = /vs HP ([\d¼½¾]+) \+ (\d+) shield/.exec(preview);
          const ownerBoss = s.players[pick.target.seat]!.board.findIndex((c) => c?.boss);
          if (!theirs.length && label && !card(pick)?.boss && ownerBoss >= 0) {
            const lost = label[1] ? Infinity : num(label[2]!);
            const share = !label[1] && lost >= BOSS_SHARE * num(label[3]!);
            const worth = !!small && lost > num(small[1]!) + Number(small[2]);
            if (label[1] || share || worth) {
              await shot(page, 'planner-boss');
              const r = await boardAt(page, pick.target.seat, ownerBoss);
              await tap(page, r.x, r.y);
              did.push(`read "${label[0]}" beside ${card(pick)?.id}'s "destroys it": their Boss instead`);
              pick = { ...pick, target: { seat: pick.target.seat, zone: 'board', slot: ownerBoss } };
              preview = await previewText();
            }
          }
          // The planner's attackers as chosen (a tap that a redraw swallowed, or one that took a
          // card the planner had already chosen back out): tapped again until they match.
          for (let k = 0; k < 3; k++) {
            const chosen = await page.evaluate(
              () => ((window as any).__parlor.kingpin.planner()?.attackers ?? []) as number[], // eslint-disable-line @typescript-eslint/no-explicit-any
            );
            const fix = [
              ...pick.attackers.filter((x: number) => !chosen.includes(x)),
              ...chosen.filter((x) => !pick.attackers.includes(x)),
            ];
            if (!fix.length) break;
            for (const slot of fix) {
              const r = await boardAt(page, s.me, slot);
              await tap(page, r.x, r.y);
            }
          }
          preview = await previewText();
          await shot(page, 'planner');
          // The planner with what the attack would take off their Boss beside a small card's "destroys it".
          if (/on their Boss/.test(preview)) await shot(page, 'planner-boss');
          if (await byTestId(page, 'kp-attack-confirm').isDisabled()) {
            await press(page, 'kp-attack'); // "Cancel attack"
            did.push(`planner would not take the attack (${await targetText()}): cancelled`);
            if (bestReserve || pileKeeps) await buy('attack refused');
            else {
              await press(page, 'kp-pass');
              did.push('end turn');
              await changed(page, s.key);
            }
            continue;
          }
          // A big hit on their Boss is worth it even without a kill: a third of its HP or more.
          const hitBoss = /= ([\d¼½¾]+) vs HP ([\d¼½¾]+) \+ (\d+) shield/.exec(preview);
          const bigHit =
            !!card(pick)?.boss && !!hitBoss && num(hitBoss[1]!) - Number(hitBoss[3]) >= num(hitBoss[2]!) / 3;
          // Nothing destroyed and her board is thin: she cancels and buys (as the first hint says).
          if (!/destroys it/.test(preview) && !theirs.length && !bigHit && wantsCards) {
            await press(page, 'kp-attack'); // "Cancel attack"
            did.push(`planned on ${card(pick)?.id} (${preview}): cancelled`);
            await page.waitForTimeout(200);
            await buy('thin board');
            continue;
          }
          did.push(`attack seat ${pick.target.seat}'s ${card(pick)?.id} (${preview})`);
          await press(page, 'kp-attack-confirm');
          await changed(page, s.key);
          continue;
        }
        if (bestReserve || pileKeeps) {
          await buy('no attack');
          continue;
        }
        const pile = pileBuy;
        if (pile) {
          await press(page, 'kp-buy-pile');
          await changed(page, s.key);
          const after = await snap(page);
          if (after && after.prompt !== 'place' && after.reserve > s.reserve) {
            did.push('buy → Reserve (DEAD)');
            dead++;
          } else if (after?.prompt !== 'place') did.push('bought an event');
          if (after && after.reserve >= 2) await shot(page, 'reserve');
          continue;
        }
        await press(page, 'kp-pass');
        did.push('end turn (DEAD)');
        dead++;
      } else {
        await page.waitForTimeout(150);
        continue;
      }
      await changed(page, s.key);
    }
    lines.push(
      `dead turns: ${dead} of ${ownTurns}; threat line's button: ${linePresses.add} shield(s) added from the safe, ${linePresses.move} moved from another card; console errors: ${errors.length}`,
    );
  } finally {
    console.log(lines.join('\n'));
    if (errors.length) console.log(errors.slice(0, 5).join('\n'));
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
