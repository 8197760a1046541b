/**
 * The remote runner's rule (plugins-and-infrastructure.md §7, `Remote.execute`): a list of command
 * actions, each with optional options and a wait before it, run one after the other; the answer holds
 * each action's outcome. The spec leaves failure handling and limits open; ours:
 * - the first rejected action stops the run, and the actions after it are 'skipped': a remote script's
 *   steps build on each other (open, then configure, then submit), and going on after a failure would act
 *   on a state the script did not expect. The run itself resolves, with `completed: false`.
 * - at most REMOTE_MAX_ACTIONS actions, each wait from 0 to REMOTE_MAX_WAIT_MS; a list that breaks either
 *   is refused whole, before anything runs.
 * Pure: the plugin (src/plugins/remote/) hands it how to run a command and how to wait.
 */
export interface RemoteAction {
  /** `Plugin.command`. */
  command: string;
  options?: unknown;
  /** ms to wait before this action runs (default 0). */
  wait?: number;
}

export interface RemoteOutcome {
  command: string;
  status: 'resolved' | 'rejected' | 'skipped';
  /** What the command resolved with. */
  result?: unknown;
  /** The rejection's message. */
  error?: string;
}

export interface RemoteAnswer {
  /** Every action resolved. */
  completed: boolean;
  outcomes: RemoteOutcome[];
}

export const REMOTE_MAX_ACTIONS = 50;
export const REMOTE_MAX_WAIT_MS = 60_000;

export const remoteMessages = {
  invalid: `Remote.execute needs { actions: [{ command: 'Plugin.command', options?, wait? }] }: 1 to ${REMOTE_MAX_ACTIONS} actions`,
  invalidWait: (index: number) => `Remote.execute: action ${index + 1}'s wait must be a number of ms from 0 to ${REMOTE_MAX_WAIT_MS}`,
  invalidCommand: (index: number) => `Remote.execute: action ${index + 1} needs a command named 'Plugin.command'`,
} as const;

/** The actions of `Remote.execute`'s options (`{ actions }` or the list itself), or the reason they are refused. */
export function readActions(options: unknown): { actions: RemoteAction[] } | { error: string } {
  const list = Array.isArray(options) ? options : (options as { actions?: unknown } | null | undefined)?.actions;
  if (!Array.isArray(list) || list.length === 0 || list.length > REMOTE_MAX_ACTIONS) return { error: remoteMessages.invalid };
  const actions: RemoteAction[] = [];
  for (const [index, entry] of list.entries()) {
    const action = entry as Partial<RemoteAction> | null;
    if (typeof action !== 'object' || action === null || typeof action.command !== 'string' || !/^[A-Za-z][\w-]*\.\w+$/.test(action.command)) {
      return { error: remoteMessages.invalidCommand(index) };
    }
    const wait = action.wait ?? 0;
    if (typeof wait !== 'number' || !(wait >= 0 && wait <= REMOTE_MAX_WAIT_MS)) return { error: remoteMessages.invalidWait(index) };
    actions.push({ command: action.command, options: action.options, wait });
  }
  return { actions };
}

/** Runs the actions in order (see above); never rejects. */
export async function runActions(
  actions: readonly RemoteAction[],
  run: (command: string, options: unknown) => Promise<unknown>,
  wait: (ms: number) => Promise<void>,
): Promise<RemoteAnswer> {
  const outcomes: RemoteOutcome[] = [];
  let failed = false;
  for (const action of actions) {
    if (failed) {
      outcomes.push({ command: action.command, status: 'skipped' });
      continue;
    }
    if (action.wait) await wait(action.wait);
    try {
      const result = await run(action.command, action.options);
      outcomes.push({ command: action.command, status: 'resolved', ...(result === undefined ? {} : { result }) });
    } catch (error) {
      failed = true;
      outcomes.push({ command: action.command, status: 'rejected', error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { completed: !failed, outcomes };
}
