/**
 * Plain-language rules text, one line per offense, defense and victory: the how-to-play dialog and
 * the planning panel show the same words (docs/rules/james-bland.md has the full tables).
 */
import type { DefenseId, OffenseId } from './data';

export const OFFENSE_HELP: Record<OffenseId | 'safeTurn', string> = {
  safeTurn: 'No attack: +1 IP (not with Mobile Operations).',
  assassination:
    'Free. d10, 6+: the target is Compromised and loses 3 IP, you gain 3. Miss: you lose 1 and are Exposed.',
  sabotage: "Free. d10, 5+: the target's next income is halved, you gain 2.",
  exposure:
    'Costs 1. d10, 6+: their codename is shown to all for 2 rounds; you gain 2 and draw an Intel Card. Miss: you lose 1 and are Exposed.',
  surveillance:
    'Costs 1. d10, 5+: you see their defense and draw an Intel Card (+2 IP if you guessed the defense). Miss: they draw a card.',
  infiltration:
    'Costs 1. d10, 6+: you bug them (a card about them every round) and draw a card about them, +1. Miss: they confiscate one of your cards.',
  assetTheft: 'Costs 1. d10, 5+: steal half their IP and a random gadget, +1. Miss: they draw a card.',
  misinformation:
    'Costs 1. No roll: +2 IP next round, unless they paid the 1-IP counter or chose Disinformation.',
  networkAttack:
    'Costs 2. d10, 5+: cuts one of their pacts (+1), or with no pact takes their best Strategic Asset. The way to break a Network Control.',
  resourceDenial: 'Costs 2. d10, 6+: no Safe Turn or prediction bonus for them next round, +1.',
  allianceDisruption: 'Costs 2. d6, 4+: two partners lose their pact, 1 IP each and the intel it shared.',
  falseFlag:
    'Costs 2. No roll: the agent you frame is Exposed and loses 1; you gain 2. Counter-intelligence defenses catch it.',
  capture:
    'Costs 2. Burned agents only. d10, 7+: Captured (they skip a round; a second capture eliminates), +2.',
};

export const DEFENSE_HELP: Record<DefenseId | 'none', string> = {
  none: 'Nothing stands between you and a piano.',
  safeHouse: 'Free. Blocks Assassination and Sabotage: the attacker loses 1, you gain 1.',
  bodyguardDetail: 'Costs 2 and a Duck Ammo. Blocks the first Assassination or Infiltration, +1 and a card.',
  mobileOperations: 'Free. Attacks on you roll -2 unless they guess your spot (1-3). No Safe Turn bonus.',
  underground:
    'Costs 1. No direct offense reaches you, except a Network Attack with 3 IP spent (cost + 1 enhance).',
  sweepAndClear: 'Free. Stops the first Surveillance or Infiltration: +2, a card, and you learn who.',
  falseIdentity:
    'Costs 2 only if an Exposure hits it: the Exposure fails, the attacker is Exposed, you gain 2.',
  counterSurveillance: 'Costs 2, not two rounds running. Surveillance fails: +2 and a card.',
  disinformation: 'Costs 1. Stops Misinformation (+2); next round, attacks on you misfire half the time.',
  preemptiveStrike:
    'Costs 3. Name a suspect: if they attack you, it is cancelled, they lose 2 (+1 for you). Otherwise you have no defense.',
  allianceBuilding:
    'Costs 2 a partner. A 2-round pact forms with each partner who names you too; you may claim an asset they hold (you pay its price to them).',
  honeypot: 'Costs 3. Every direct attack on you is caught: the attacker is Stuck, you draw 2 cards, +1.',
  informationWarfare:
    'Costs 2. A biplane banner: your attackers may believe it and go after the agent it names instead.',
};

export const VICTORY_HELP: [string, string][] = [
  ['Last Spy Standing', 'You are the only agent not Captured or Eliminated.'],
  [
    'Network Control (3+ agents)',
    'You hold the same three Strategic Assets from the start of a round to its end. A Network Attack that takes one breaks it. Assets are bought in Adaptation.',
  ],
  [
    'Intelligence Supremacy',
    'You hold all three secrets (codename, safe house, favourite gadget) of every other Active agent as Intel Cards. You draw cards by succeeding with Exposure, Surveillance or Infiltration, by blocking attacks, and from the ACME Mailman (1 IP, once a round). Compromised agents need no dossier.',
  ],
  ['Mission Completion (3+ agents)', 'You complete your secret Master Plan (shown in your dossier).'],
  [
    'Alliance Victory (3+ agents)',
    'Two partners whose cards together cover every Active agent outside the pact fight a Final Showdown.',
  ],
  ['Round limit', 'After the last round, the agent in play with the most IP wins.'],
];
