import type { App } from '../app/app.ts';
import {
  callbackServiceMessages,
  checkCallbackConfig,
  createCallbackService,
  type CallbackFailure,
  type CallbackServiceConfig,
} from '../services/callback.ts';

const isEmpty = (value: unknown): boolean =>
  !value || typeof value !== 'object' || Object.values(value).every((v) => v === undefined || v === null || v === '');

/**
 * The CallbackService plugin: the callback service (v1 or v3, from the `callback` section) on the bus.
 * `schedule` submits a callback, `availability` answers slot time → capacity; both publish their
 * outcome (`scheduled` / `error`, `availableSlots` / `availabilityError`).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('CallbackService');
  let config = app.section('callback') as CallbackServiceConfig;

  const service = () => {
    const problem = checkCallbackConfig(config);
    if (problem) throw new Error(problem);
    return createCallbackService(config);
  };

  plugin.registerCommand('schedule', async (form) => {
    if (isEmpty(form)) throw new Error(callbackServiceMessages.noData);
    try {
      const receipt = await service().submit(form);
      plugin.publish('scheduled', receipt);
      return receipt;
    } catch (error) {
      if (error && typeof error === 'object' && 'failure' in error) plugin.publish('error', (error as { failure: CallbackFailure }).failure);
      throw error;
    }
  });
  plugin.registerCommand('availability', async (query) => {
    if (isEmpty(query)) throw new Error(callbackServiceMessages.noQuery);
    try {
      const slots = await service().availability(query);
      plugin.publish('availableSlots', slots);
      return slots;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      plugin.publish('availabilityError', { message });
      throw error;
    }
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(callbackServiceMessages.invalidConfiguration);
    const next = { ...config, ...options };
    const problem = checkCallbackConfig(next);
    if (problem) throw new Error(problem);
    config = next;
  });
  plugin.ready();
}
