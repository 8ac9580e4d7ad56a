// The error a query fails with when its caller went away (a closed response, an aborted job) and it was interrupted.
export class QueryAbortedError extends Error {
  constructor() {
    super('query interrupted: its caller went away');
    this.name = 'QueryAbortedError';
  }
}
