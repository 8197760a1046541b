/**
 * The commands a name taken from configuration or markup may run: a channel's `clickCommand` (sidebar,
 * channel selector, the `channels` attribute of `<la-sidebar>`) and the send-message side button's.
 * Markup is not the host page's script (a CMS block, an injected attribute), so such a name may only
 * open or show a widget: the public `open` / `show…` commands of the contact widgets,
 * `SendMessage.redirect` (http(s) targets only) and the sidebar's own `open`, `expand` and
 * `showChannels`. Everything else — `App.registerExtension` (it imports a module), the console, the
 * overlay's and toaster's HTML, configure, co-browse — runs only from the page's own script
 * (`LiveAssist.command`), never from a name in data.
 *
 * Not in the loader: the bus imports this module as a command named by data runs (Bus.channelCommand),
 * and rollup.config.mjs puts it in the load-graph chunk, which intent, the idle preload and every
 * plugin's first load fetch anyway. src/app/section.ts holds a copy of the rule and message for the
 * configuration schemas (which run in the plugins' chunks); test/app/section.test.ts checks the two agree.
 */
export const CHANNEL_COMMAND =
  /^(?:(?:CallUs|Callback|Calendar|ChannelSelector|ClickToCall|Search|SendMessage|WebChat)\.(?:open|show[A-Z]\w*)|SendMessage\.redirect|Sidebar\.(?:open|expand|showChannels))$/;

/** Whether a name from configuration or markup may run (see above). */
export const isChannelCommand = (name: unknown): boolean => typeof name === 'string' && CHANNEL_COMMAND.test(name);

/** Why configured options may not ask for `autoSubmit` (a click would submit a form the visitor never saw). */
export const NO_AUTO_SUBMIT = 'clickOptions.autoSubmit is not allowed from configuration or markup: the visitor submits the form';

/** The message a refused configured command is rejected (and logged) with. */
export const notChannelCommand = (name: string): string =>
  `${name} may not run from configuration or markup: a clickCommand may only open or show a widget (e.g. Callback.open, SendMessage.redirect)`;

/** Why a name and options from configuration or markup may not run (the rejection's message), or undefined. */
export const refusal = (name: unknown, options: unknown): string | undefined =>
  !isChannelCommand(name)
    ? notChannelCommand(String(name))
    : (options as { autoSubmit?: unknown } | null)?.autoSubmit
      ? `${String(name)}: ${NO_AUTO_SUBMIT}`
      : undefined;
