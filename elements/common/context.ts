import { createContext, useContext, useSyncExternalStore } from 'react';
import type { App } from '../../src/app/app.ts';
import type { Environment } from '../../src/app/environment.ts';
import type { Translator } from '../../src/app/i18n.ts';
import type { LaElement } from './host.ts';

export interface ViewContextValue {
  app: App;
  host: LaElement;
}

export const ViewContext = createContext<ViewContextValue | null>(null);

export function useView(): ViewContextValue {
  const value = useContext(ViewContext);
  if (!value) throw new Error('A live-assist view rendered outside its element');
  return value;
}

/** Theme, language, time format and mobile mode; re-renders when they change. */
export function useEnvironment(): Environment {
  const { app } = useView();
  return useSyncExternalStore(
    (notify) => {
      const subscription = app.environment.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    () => app.environment.value,
  );
}

/** The active translator (follows language changes). */
export function useT(): Translator {
  const { app } = useView();
  useEnvironment();
  return app.t;
}
