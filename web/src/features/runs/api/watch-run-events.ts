import type { paths } from '../../../lib/api-types';
import type { RunEvent } from '../live-run';

const EVENTS_PATH = '/api/v1/run/events' satisfies keyof paths;

export type LiveState = 'live' | 'connecting' | 'offline';

export interface RunEventHandlers {
  onEvent(event: RunEvent): void;
  /** Events may have been missed (the stream was cut, or the server says so): read the run again. */
  onResync(): void;
  /** The stream is open, being opened (again), or closed until the browser is back online. */
  onLive(live: LiveState): void;
}

/**
 * GET /run/events through an EventSource (the session cookie goes with it): each event to
 * `onEvent`. The browser reopens a cut stream itself (after the `retry` the server gives); a
 * stream refused outright (a 503 while the server restarts, say) is opened again here, waiting
 * longer each time up to 30 s; offline, it is closed until the connection returns. Returns the
 * function that closes it.
 */
export function watchRunEvents(projectId: number, runId: number, on: RunEventHandlers): () => void {
  const url = `${EVENTS_PATH}?${new URLSearchParams({ projectId: String(projectId), runId: String(runId) })}`;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = 2000;
  let opened = false;
  const connect = () => {
    const s = new EventSource(url, { withCredentials: true });
    source = s;
    s.onopen = () => {
      on.onLive('live');
      delay = 2000;
      // Back after a cut: what changed meanwhile was not sent.
      if (opened) on.onResync();
      opened = true;
    };
    s.onmessage = (m: MessageEvent<string>) => on.onEvent(JSON.parse(m.data) as RunEvent);
    s.addEventListener('resync', () => on.onResync());
    s.onerror = () => {
      on.onLive('connecting');
      if (s.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  // Offline, the stream may look open until TCP gives up: say so at once, and open it anew
  // (reading the run again) when the connection returns.
  const offline = () => {
    clearTimeout(timer);
    source?.close();
    on.onLive('offline');
  };
  const online = () => {
    clearTimeout(timer);
    source?.close();
    on.onLive('connecting');
    connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  if (navigator.onLine) connect();
  else on.onLive('offline');
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    clearTimeout(timer);
    source?.close();
  };
}
