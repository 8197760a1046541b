import { Bus } from '../../src/bus/index.ts';
// The typed vocabulary of the real plugins (their `declare module` augmentations).
import '../../src/app/app.ts';
import '../../src/plugins/window-manager.ts';

// Compile-time checks, not a runtime test: `npm run typecheck` compiles this file (tsconfig.json
// includes test/**), and each @ts-expect-error must meet a compile error, so a misspelt command,
// event or payload that slipped through the types fails the type check. (Exported only so the
// unused-locals check keeps it.)
export async function typeChecks(bus: Bus): Promise<void> {
  // @ts-expect-error misspelt command name
  await bus.command('WindowManager.getRegistri');
  // @ts-expect-error wrong options type
  await bus.command('App.setTheme', { theme: 'blue' });
  // @ts-expect-error misspelt event name
  bus.subscribe('App.redy', () => undefined);
  const plugin = bus.registerPlugin('WindowManager');
  // @ts-expect-error a plugin registers only its own declared commands
  plugin.registerCommand('open', () => undefined);
  // @ts-expect-error a plugin publishes only its own declared events
  plugin.publish('opened', undefined);
  const registry = await bus.command('WindowManager.getRegistry');
  const position: number = registry[0]!.position;
  bus.subscribe('App.ready', (event) => {
    const lang: string = event.data.lang;
    return lang;
  });
  void position;
}
