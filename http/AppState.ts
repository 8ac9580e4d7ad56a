// What the middleware chain leaves on ctx.state for the next step.
import type { Logger } from 'pino';
import type { Account } from '../engine/accounts/TokenStore.ts';

export interface AppState {
  requestId: string;
  log: Logger;
  /** The verified caller, or null (then authProblem says why). */
  account: Account | null;
  authProblem: string;
}
