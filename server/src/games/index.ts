/** The games this server hosts: one adapter per game (rules + schema + projection). */
import type { AnyGameAdapter } from '../rooms/GameAdapter';
import { bankoutAdapter } from './bankout/adapter';
import { devicesAdapter } from './devices/adapter';
import { kingpinAdapter } from './kingpin/adapter';

export const gameAdapters: readonly AnyGameAdapter[] = [bankoutAdapter, kingpinAdapter, devicesAdapter];
