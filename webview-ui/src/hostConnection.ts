import type {
  HostNotifications,
  HostRequests,
  HostToWebviewMessage,
  WebviewNotifications,
  WebviewRequests,
} from '../../src/common/protocol';
import type { VsCodeApi } from './vscodeApi';

type HostRequestHandlers = { [K in keyof HostRequests]: (params: HostRequests[K][0]) => HostRequests[K][1] | Promise<HostRequests[K][1]> };
type NotificationHandlers = { [K in keyof HostNotifications]: (params: HostNotifications[K]) => void };

/** The page's end of the typed protocol: requests with ids and replies, notifications, and the "ready" handshake. */
export class HostConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly api: VsCodeApi<unknown>,
    private readonly notifications: NotificationHandlers,
    private readonly requests: HostRequestHandlers,
  ) {
    window.addEventListener('message', (event: MessageEvent<unknown>) => void this.receive(event.data));
  }

  /** Tells the host the page listens; the host posts state only after this. */
  ready(): void {
    this.notify('ready', {});
  }

  /** Sends a request and resolves with the host's result (rejects with its error message). */
  request<K extends keyof WebviewRequests>(method: K, params: WebviewRequests[K][0]): Promise<WebviewRequests[K][1]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.api.postMessage({ kind: 'request', id, method, params });
    });
  }

  /** Sends a notification (no reply). */
  notify<K extends keyof WebviewNotifications>(method: K, params: WebviewNotifications[K]): void {
    this.api.postMessage({ kind: 'notification', method, params });
  }

  private async receive(data: unknown): Promise<void> {
    if (typeof data !== 'object' || data === null || !('kind' in data)) return;
    const message = data as HostToWebviewMessage;
    if (message.kind === 'response') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result ?? undefined);
    } else if (message.kind === 'notification') {
      this.notifications[message.method]?.(message.params);
    } else if (message.kind === 'request') {
      try {
        const result = await this.requests[message.method](message.params);
        this.api.postMessage({ kind: 'response', id: message.id, result });
      } catch (error) {
        this.api.postMessage({ kind: 'response', id: message.id, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } });
      }
    }
  }
}
