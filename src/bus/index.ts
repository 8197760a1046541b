export { Bus } from './bus.ts';
export type { PluginHandle, PluginInfo } from './bus.ts';
export { BusErrors } from './errors.ts';
export type * from './types.ts';
