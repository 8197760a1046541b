/** The bus's rejection messages, worded as in the specification's error catalogue. */
export const BusErrors = {
  noCommand: 'Command does not exist',
  cancelled: "Command was cancelled by a 'before' function.",
  loadPlugin: 'Could not load plugin file',
  register: "Can't register plugin",
} as const;
