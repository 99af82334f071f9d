export * from './core/contract';
export * from './core/protocol';
export * from './core/protocolSchemas';
export * from './core/rng';
export * from './core/editions';
export * from './core/redeal';
export * from './core/viewShape';
export * from './core/defineGame';
export { games, gameById, canonicalGameId, FORMER_GAME_IDS } from './games';
