/**
 * bench/views-before-after.ts only: the shared package's root as the hand-written adapters of
 * be14f07 import it (the root re-exported each game then). Mapped by the bench's own tsconfig.
 */
export * from '../shared/src/index';
export { bankout } from '../shared/src/games/bankout/index';
export type {
  BankoutAction,
  BankoutOptions,
  BankoutPrivate,
  BankoutPublic,
  BankoutState,
} from '../shared/src/games/bankout/types';
export { kingpin } from '../shared/src/games/kingpin/index';
export type {
  KingpinAction,
  KingpinOptions,
  KingpinPrivate,
  KingpinPublic,
  KingpinState,
} from '../shared/src/games/kingpin/types';
export { devices } from '../shared/src/games/devices/index';
export type {
  DevicesAction,
  DevicesOptions,
  DevicesPrivate,
  DevicesPublic,
  DevicesState,
  ProposalSpec,
} from '../shared/src/games/devices/types';
export { tacticalRisk } from '../shared/src/games/tactical-risk/index';
export type {
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
} from '../shared/src/games/tactical-risk/types';
export { jamesBland } from '../shared/src/games/james-bland/index';
export type {
  JamesBlandAction,
  JamesBlandOptions,
  JamesBlandPrivate,
  JamesBlandPublic,
  JamesBlandState,
  Plan as JamesBlandPlan,
} from '../shared/src/games/james-bland/types';
export {
  moveGroupsOf as tacticalRiskMoveGroups,
  transportRooms as tacticalRiskTransportRooms,
} from '../shared/src/games/tactical-risk/destinations';
export {
  LAND as tacticalRiskLand,
  SEA as tacticalRiskSea,
  UNIT_TYPES as tacticalRiskUnitTypes,
} from '../shared/src/games/tactical-risk/board';
