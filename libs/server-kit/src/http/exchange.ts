import { request } from 'undici';

/** A whole HTTP answer: its status and its body as text. */
export interface HttpAnswer {
  status: number;
  text: string;
}

/** What a request to another system is made of. */
export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * No answer came: the other side was unreachable, broke the exchange off, or did not answer
 * whole within the time (`timedOut`). The message names the cause (`connect ECONNREFUSED …`).
 */
export class NoAnswer extends Error {
  constructor(
    readonly timedOut: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'NoAnswer';
  }
}

const messageOf = (e: unknown): string => (typeof (e as { message?: unknown } | null)?.message === 'string' ? (e as Error).message : String(e));

/** An error's message with its cause's, when it has one. */
function described(e: unknown): string {
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause ? `${messageOf(e)} (${messageOf(cause)})` : messageOf(e);
}

/**
 * One HTTP exchange with another system (PhonePe, a webhook's receiver) over undici's
 * `request()` (ADR 089): the request sent and its whole answer read within `timeoutMs`; the
 * timer covers the body too and is cleared as the answer is in. Connections are kept alive
 * by undici's global agent. Rejects with {@link NoAnswer} when there is no whole answer.
 */
export async function exchange(url: string, init: HttpRequest, timeoutMs: number): Promise<HttpAnswer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const answer = await request(url, { method: init.method as 'GET', headers: init.headers, body: init.body, signal: abort.signal });
    return { status: answer.statusCode, text: await answer.body.text() };
  } catch (e) {
    if (abort.signal.aborted) throw new NoAnswer(true, `no answer within ${timeoutMs} ms`);
    throw new NoAnswer(false, described(e));
  } finally {
    clearTimeout(timer);
  }
}
