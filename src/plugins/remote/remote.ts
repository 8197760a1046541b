import type { App } from '../../app/app.ts';
import { readActions, runActions } from '../../../machines/remote-runner.ts';

/**
 * The remote command runner, `Remote.execute` (machines/remote-runner.ts has the rule). Who asks decides
 * what may run: the page's own script (`LiveAssist.command`, commander 'page') may run any command, as it
 * could itself, and its actions run as the page; anyone else (a plugin, the console, a name from
 * configuration) gets the channel-command allow-list for every action (Bus.channelCommand: open and show
 * commands only, no autoSubmit), so the runner never lends more than the caller has.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Remote');
  plugin.registerCommand('execute', async (options, { commander }) => {
    const read = readActions(options);
    if ('error' in read) throw new Error(read.error);
    const run =
      commander === 'page'
        ? (command: string, given: unknown) => app.bus.commandByName(command, given, { commander: 'page' })
        : (command: string, given: unknown) => app.bus.channelCommand(command, given, { commander: 'Remote' });
    return runActions(read.actions, run, (ms) => new Promise((resolve) => app.window.setTimeout(resolve, ms)));
  });
  plugin.ready();
}
