import type { App } from '../../app/app.ts';
import {
  callbackServiceMessages,
  checkCallbackConfig,
  createCallbackService,
  type CallbackFailure,
  type CallbackServiceConfig,
} from '../../services/callback.ts';
import { readSection } from '../../app/section.ts';
import { callbackSection, callbackServiceConfig, readCallbackSection } from './callback-config.ts';

/** What `CallbackService.configure` may change: the service's options of the `callback` section. */
const { apiVersion, dataURL, serviceName, apikey, timeout, userData } = callbackSection;
const serviceSection = { apiVersion, dataURL, serviceName, apikey, timeout, userData, ewt: { url: callbackSection.ewt.url, queue: callbackSection.ewt.queue } };

const isEmpty = (value: unknown): boolean =>
  !value || typeof value !== 'object' || Object.values(value).every((v) => v === undefined || v === null || v === '');

/**
 * The CallbackService plugin: the callback service (v1 or v3, from the `callback` section) on the bus.
 * `schedule` submits a callback, `availability` answers slot time → capacity; both publish their
 * outcome (`scheduled` / `error`, `availableSlots` / `availabilityError`).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('CallbackService');
  let config: CallbackServiceConfig = callbackServiceConfig(readCallbackSection(app.section('callback')));

  const service = () => {
    const problem = checkCallbackConfig(config);
    if (problem) throw new Error(problem);
    // The requests name the page's language (Accept-Language), read at each request.
    return createCallbackService({ ...config, lang: () => app.t.lang });
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
    // Checked as the section is; a bad option refuses the whole call, naming it.
    const [issue] = readSection('CallbackService', { ...config, ...options }, serviceSection, () => undefined).issues;
    if (issue) throw new Error(`${callbackServiceMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    const next = { ...config, ...options };
    const problem = checkCallbackConfig(next);
    if (problem) throw new Error(problem);
    config = next;
  });
  plugin.ready();
}
