/**
 * The device engine: Blueprints, Devices, Powers, the market and bidding from the Spoon Devices RFC,
 * as pure functions over `EngineState`. Generic over currency and score (see `Units`); the Devices
 * game (games/devices) and later James Bland's gadgets drive it. Every operation mutates the state
 * it is given only when it succeeds: callers pass a copy and keep it on success.
 */
export * from './types';
export * from './errors';
export * from './units';
export * from './powerText';
export * from './blueprints';
export * from './market';
export * from './activate';
export * from './bidding';
export * from './blueprintText';
