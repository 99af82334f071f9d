export * from './core/contract';
export * from './core/protocol';
export * from './core/rng';
export * from './core/editions';
export * from './core/viewShape';
export { games, gameById, canonicalGameId, FORMER_GAME_IDS } from './games';
// Per-game definitions and types for the server adapters (deep imports do not resolve in the built server).
export { bankout } from './games/bankout';
export { bankoutViewShape } from './games/bankout/viewShape';
export type {
  BankoutAction,
  BankoutOptions,
  BankoutPrivate,
  BankoutPublic,
  BankoutState,
} from './games/bankout/types';
export { kingpin } from './games/kingpin';
export { kingpinViewShape } from './games/kingpin/viewShape';
export type {
  KingpinAction,
  KingpinOptions,
  KingpinPrivate,
  KingpinPublic,
  KingpinState,
} from './games/kingpin/types';
export { devices } from './games/devices';
export { devicesViewShape } from './games/devices/viewShape';
export type {
  DevicesAction,
  DevicesOptions,
  DevicesPrivate,
  DevicesPublic,
  DevicesState,
  ProposalSpec,
} from './games/devices/types';
export { tacticalRisk } from './games/tactical-risk';
export { tacticalRiskViewShape } from './games/tactical-risk/viewShape';
export {
  stacksOf as tacticalRiskStacksOf,
  wireView as tacticalRiskWireView,
  wirePrivate as tacticalRiskWirePrivate,
  wirePublic as tacticalRiskWirePublic,
} from './games/tactical-risk/wireView';
export type { TrPrivate, TrPublic } from './games/tactical-risk/wireView';
export type {
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
} from './games/tactical-risk/types';
export { jamesBland } from './games/james-bland';
export { jamesBlandViewShape } from './games/james-bland/viewShape';
export type {
  JamesBlandAction,
  JamesBlandOptions,
  JamesBlandPrivate,
  JamesBlandPublic,
  JamesBlandState,
  Plan as JamesBlandPlan,
} from './games/james-bland/types';
export {
  moveGroupsOf as tacticalRiskMoveGroups,
  transportRooms as tacticalRiskTransportRooms,
} from './games/tactical-risk/destinations';
export {
  LAND as tacticalRiskLand,
  SEA as tacticalRiskSea,
  UNIT_TYPES as tacticalRiskUnitTypes,
} from './games/tactical-risk/board';
