/**
 * The client's unit tests run in Node (testEnvironment 'node'): the modules under test call
 * `window.setTimeout` and friends, which in Node live on globalThis. Node's BroadcastChannel keeps
 * the process alive while open (a browser's does not): the modules' channels are made not to.
 */
class PageBroadcastChannel extends BroadcastChannel {
  constructor(name: string) {
    super(name);
    (this as unknown as { unref(): void }).unref();
  }
}
Object.assign(globalThis, { window: globalThis, BroadcastChannel: PageBroadcastChannel });
