export { Bus } from './bus.ts';
export type { PluginHandle, PluginInfo } from './bus.ts';
export { Stream, Subject, ValueSubject } from './subject.ts';
export type { Observer, Subscription } from './subject.ts';
export { BusErrors } from './errors.ts';
export type * from './types.ts';
