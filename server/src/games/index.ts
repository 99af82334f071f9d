/** The games this server hosts: one adapter per game (rules + schema + projection). */
import type { AnyGameAdapter } from '../rooms/GameAdapter';
import { bankoutAdapter } from './bankout/adapter';
import { devicesAdapter } from './devices/adapter';
import { jamesBlandAdapter } from './james-bland/adapter';
import { kingpinAdapter } from './kingpin/adapter';
import { tacticalRiskAdapter } from './tactical-risk/adapter';

export const gameAdapters: readonly AnyGameAdapter[] = [
  bankoutAdapter,
  kingpinAdapter,
  devicesAdapter,
  tacticalRiskAdapter,
  jamesBlandAdapter,
];
