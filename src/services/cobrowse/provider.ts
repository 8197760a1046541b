/**
 * The co-browse provider interface: what the Cobrowse plugin asks of a co-browse product. The built-in
 * one (rrweb-provider.ts) records the page with rrweb and streams it to the contact centre's relay; a
 * site with a product of its own maps that product's script and session API onto these three calls
 * (docs/elements/cobrowse.md).
 */
export type CobrowseEnd = 'agent' | 'ended' | 'failed';

export interface CobrowseHooks {
  /** The session ended on the other side (the agent stopped it, the service's limits, a lost connection). */
  ended(reason: CobrowseEnd): void;
}

export interface CobrowseProvider {
  /** Whether the service takes a session now (the plugin's `online`). */
  available(): Promise<boolean>;
  /**
   * Starts a session: called only after the visitor agreed in the warning dialog, so nothing may be
   * loaded or recorded before. Resolves once the page is shared, with the token the agent joins by
   * (9 digits for the chat's start marker `{start}<token>`).
   */
  start(hooks: CobrowseHooks): Promise<{ token: string }>;
  /** Ends the session at once (nothing more is sent) and tells the agent; also called while `start` runs. */
  stop(): Promise<void>;
}

/** Whether `value` has the provider's three functions. */
export const isProvider = (value: unknown): value is CobrowseProvider =>
  typeof value === 'object' &&
  value !== null &&
  (['available', 'start', 'stop'] as const).every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
