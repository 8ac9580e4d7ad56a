// Runs a registry endpoint's own Koa handler (http/endpointHandler.ts: auth, tier, validation, entity resolution,
// caching, the macro) for an MCP tool call, on a request object built in memory: the tool and the HTTP route share
// one path, so they answer the same bytes and the same errors. Tool arguments become the query string the route parses.
import http from 'node:http';
import net from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Account } from '../../engine/accounts/TokenStore.ts';
import type { AppState } from '../AppState.ts';
import type { Endpoint } from '../registry.ts';
import { HttpError } from '../HttpError.ts';

export type EndpointResult = { ok: true; json: string } | { ok: false; status: number; message: string };

export interface CallContext {
  app: Koa<AppState>;
  handler: Koa.Middleware<AppState>;
  endpoint: Endpoint;
  account: Account;
  requestId: string;
  log: Logger;
}

/** Tool arguments as the query text a browser would send: numbers and booleans written as the route reads them. */
export function argsToQuery(args: Readonly<Record<string, unknown>>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[name] = String(value);
    else throw new HttpError(400, `Invalid parameter "${name}": expected a string, number or boolean`);
  }
  return query;
}

export async function callEndpoint(call: CallContext, args: Readonly<Record<string, unknown>>): Promise<EndpointResult> {
  let query: Record<string, string>;
  try {
    query = argsToQuery(args);
  } catch (err) {
    return { ok: false, status: 400, message: (err as Error).message };
  }
  const req = new http.IncomingMessage(new net.Socket());
  req.method = 'GET';
  req.url = `/v1${call.endpoint.path}?${new URLSearchParams(query).toString()}`;
  req.headers = { accept: 'application/json', host: 'mcp.internal' };
  const res = new http.ServerResponse(req);
  const ctx = call.app.createContext(req, res);
  ctx.state.account = call.account;
  ctx.state.authProblem = '';
  ctx.state.requestId = call.requestId;
  ctx.state.log = call.log;
  try {
    await call.handler(ctx, () => Promise.resolve());
    return { ok: true, json: await bodyText(ctx.body) };
  } catch (err) {
    if (err instanceof HttpError && (err.expose || err.status === 503)) return { ok: false, status: err.status, message: err.message };
    call.log.error({ err, tool: call.endpoint.path }, 'tool call failed');
    return { ok: false, status: 500, message: `Internal error; request id ${call.requestId} identifies it in the server log` };
  } finally {
    // what the end of an HTTP response does: releases the request's query deadline and any borrowed connection
    res.emit('close');
  }
}

async function bodyText(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (body && typeof body === 'object' && Symbol.asyncIterator in body) {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  // Koa serializes an object body itself: the company-model routes' 202 "generating" answer is one
  if (body !== null && typeof body === 'object') return JSON.stringify(body);
  throw new Error('endpoint handler left an unexpected body');
}
