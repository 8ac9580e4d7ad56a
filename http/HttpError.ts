// The errors a request can end in: a status and a message that is safe to show (expose); everything else is a 500
// whose details stay in the log.
export class HttpError extends Error {
  readonly expose: boolean;
  constructor(readonly status: number, message: string, readonly headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = 'HttpError';
    this.expose = status < 500;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message, { 'WWW-Authenticate': 'Bearer realm="v1"' });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
