/**
 * fetch for the journeys' set-up calls (sign-up, verification, the mail sink), each on a new
 * connection (`connection: close`). Node's fetch keeps sockets alive and reuses an idle one; when
 * the server drops that socket just as the next request leaves on it, the request fails with
 * "fetch failed: other side closed" (UND_ERR_SOCKET), which failed a journey's beforeAll now and
 * then. A fresh connection cannot meet a close meant for an idle one. Nothing is retried: a
 * sign-up sent twice would answer 409 (e-mail taken), and any other failure should show.
 * Every fetch of tests/e2e goes through here, so no kept-alive socket is left in the pool.
 */
export function setUpFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return fetch(url, { ...init, headers });
}
