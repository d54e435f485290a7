import { useSyncExternalStore } from 'react';
import { UPLOADS_API, uploadProblem, type ApiErrorCode, type UploadStatus, type UploadedFile } from '@granary/domain';
import { ApiError, isApiError } from '../api/api-error';
import { DISCONNECTED_MESSAGE, apiErrorOfAnswer, conventionHeaders, isAbort } from '../api/request';

// The file uploader (platform.md 2.10, 3.6 'Upload file', 4.4 upload states): files wait (pending), go up one at a
// time with their progress (uploading), and end completed, canceled or error; an error or a canceled file can be
// retried. The panel is maximized whenever files are added and can be minimized; 'Clear' removes completed and
// canceled files. One store for the whole app, so the panel shows the same files on every page.

export type UploadItem = {
  id: string;
  /** 0–100. */
  progress: number;
  /** The stored file's guid once completed. */
  guid: string | null;
  file: File;
  status: UploadStatus;
  fileType: string;
  parentGuid: string;
  /** The batch the file was added in (3.6: batches hold a size). */
  batchId: string;
  /** Why it failed: the ApiError's code (upload_type_not_allowed, disconnected, …) or the check's, and its message. */
  error: { code: ApiErrorCode | UploadProblem; message: string } | null;
  /** A super admin uploading for a user. */
  userId?: string;
};

/** A check the browser makes before sending (domain uploadProblem): too large, empty, not an allowed type. */
type UploadProblem = NonNullable<ReturnType<typeof uploadProblem>>;

type UploadBatch = { id: string; size: number };

export type UploaderState = { items: UploadItem[]; batches: UploadBatch[]; maximized: boolean };

export type SendFile = (
  item: { file: File; parentGuid: string; userId?: string },
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<UploadedFile>;

/**
 * Sends one file as the raw request body with XMLHttpRequest (fetch cannot report upload progress), with the request
 * conventions of every call (lib/api conventionHeaders). A failure rejects with ApiError like `request` (status 0,
 * 'disconnected' when the server could not be reached); a cancel rejects with an AbortError.
 */
const xhrSendFile: SendFile = ({ file, parentGuid, userId }, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const params = new URLSearchParams({ parentGuid, fileName: file.name });
    if (userId) params.set('userId', userId);
    const { headers, traceId } = conventionHeaders();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOADS_API}?${params.toString()}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        /* not JSON */
      }
      if (xhr.status === 201) resolve(body as UploadedFile);
      else reject(apiErrorOfAnswer(xhr.status, body, traceId));
    };
    xhr.onerror = () => reject(new ApiError(0, 'disconnected', DISCONNECTED_MESSAGE, { traceId }));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export type UploaderStore = ReturnType<typeof createUploaderStore>;

export function createUploaderStore(send: SendFile = xhrSendFile) {
  let state: UploaderState = { items: [], batches: [], maximized: false };
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  const completedCallbacks = new Map<string, (file: UploadedFile) => void>();
  let running = false;

  function set(next: UploaderState) {
    state = next;
    for (const l of listeners) l();
  }
  function patch(id: string, change: Partial<UploadItem>) {
    set({ ...state, items: state.items.map((i) => (i.id === id ? { ...i, ...change } : i)) });
  }

  /** One file at a time, in the order added. */
  async function pump() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const item = state.items.find((i) => i.status === 'pending');
        if (!item) break;
        const controller = new AbortController();
        controllers.set(item.id, controller);
        patch(item.id, { status: 'uploading', progress: 0, error: null });
        try {
          const stored = await send(
            { file: item.file, parentGuid: item.parentGuid, ...(item.userId ? { userId: item.userId } : {}) },
            (p) => {
              if (current(item.id)?.status === 'uploading') patch(item.id, { progress: p });
            },
            controller.signal,
          );
          if (current(item.id)?.status !== 'uploading') continue; // canceled meanwhile
          patch(item.id, { status: 'completed', progress: 100, guid: stored.guid });
          completedCallbacks.get(item.id)?.(stored);
        } catch (e) {
          if (current(item.id)?.status !== 'uploading') continue;
          if (isAbort(e)) {
            patch(item.id, { status: 'canceled', error: null });
            continue;
          }
          const err = isApiError(e) ? e : new ApiError(0, 'disconnected', DISCONNECTED_MESSAGE);
          patch(item.id, { status: 'error', error: { code: err.code, message: err.message } });
        } finally {
          controllers.delete(item.id);
        }
      }
    } finally {
      running = false;
    }
  }
  const current = (id: string) => state.items.find((i) => i.id === id);

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Adds files for a parent and maximizes the panel; a file refused before sending ends as error at once. */
    add(
      files: File[],
      parentGuid: string,
      options: { userId?: string; onCompleted?: (file: UploadedFile) => void } = {},
    ): string[] {
      if (files.length === 0) return [];
      const batch: UploadBatch = { id: nextId('batch'), size: files.length };
      const added = files.map((file): UploadItem => {
        const problem = uploadProblem(file);
        return {
          id: nextId('upload'),
          progress: 0,
          guid: null,
          file,
          status: problem ? 'error' : 'pending',
          fileType: file.type,
          parentGuid,
          batchId: batch.id,
          error: problem ? { code: problem, message: problem } : null,
          ...(options.userId ? { userId: options.userId } : {}),
        };
      });
      if (options.onCompleted) for (const a of added) completedCallbacks.set(a.id, options.onCompleted);
      set({ items: [...state.items, ...added], batches: [...state.batches, batch], maximized: true });
      void pump();
      return added.map((a) => a.id);
    },
    cancel(id: string) {
      const item = current(id);
      if (!item || (item.status !== 'pending' && item.status !== 'uploading')) return;
      patch(id, { status: 'canceled' });
      controllers.get(id)?.abort();
    },
    retry(id: string) {
      const item = current(id);
      if (!item || (item.status !== 'error' && item.status !== 'canceled')) return;
      if (uploadProblem(item.file)) return; // would be refused again
      patch(id, { status: 'pending', progress: 0, error: null });
      void pump();
    },
    /** Removes completed and canceled files (2.10); batches left without files go too. */
    clear() {
      const items = state.items.filter((i) => i.status !== 'completed' && i.status !== 'canceled');
      for (const i of state.items) if (!items.includes(i)) completedCallbacks.delete(i.id);
      const batches = state.batches.filter((b) => items.some((i) => i.batchId === b.id));
      set({ ...state, items, batches });
    },
    setMaximized(maximized: boolean) {
      set({ ...state, maximized });
    },
  };
}

/** The app's one uploader. */
export const uploader = createUploaderStore();

export function useUploader(store: UploaderStore = uploader): UploaderState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
