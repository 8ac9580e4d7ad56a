// fetch for the SDK client's transport in tests on a loaded machine: a request is sent once more when the pooled
// keep-alive socket it went out on had been closed by the server before the request reached it (the server's 5 s
// keepAliveTimeout ran out while the box was busy; undici reports "other side closed" or a reset). Such a request
// never arrived, so sending it again is safe; any other failure is raised with its cause code in the message.
export async function fetchOnceMore(url: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = ((err as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw new Error(`${(err as Error).message} (${code ?? String((err as Error).cause)})`, { cause: err });
    return fetch(url, init);
  }
}
