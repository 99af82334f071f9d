export * from './core/contract';
export * from './core/protocol';
export * from './core/rng';
export { games, gameById } from './games';
