// Bench worker -> parent message over the fork's IPC channel; a worker started without one fails by name.

/** Sends `message` to the parent process; throws when this process was not forked with an IPC channel. */
export function toParent(message: unknown): void {
  if (!process.send) throw new Error('bench: this worker must be forked with an IPC channel (process.send is absent)');
  process.send(message);
}
