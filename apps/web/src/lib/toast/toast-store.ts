import { TOAST_AUTO_CLOSE_MS } from '@granary/domain';
import type { MessageId, MessageValues } from '../i18n/messages';
import { createStore } from '../store';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

/** A toast carries either a catalogue message id or a text that came from the server. */
export type ToastContent = { messageId: MessageId; values?: MessageValues } | { text: string };
export type Toast = ToastContent & { key: number; severity: ToastSeverity; autoHideMs: number | null };

export const toastStore = createStore<readonly Toast[]>([]);
let nextKey = 1;

export function showToast(
  content: ToastContent,
  options: { severity?: ToastSeverity; autoHideMs?: number | null } = {},
): number {
  const key = nextKey++;
  const toast: Toast = {
    ...content,
    key,
    severity: options.severity ?? 'info',
    autoHideMs: options.autoHideMs === undefined ? TOAST_AUTO_CLOSE_MS : options.autoHideMs,
  };
  toastStore.set((toasts) => [...toasts, toast]);
  return key;
}

export function dismissToast(key: number): void {
  toastStore.set((toasts) => toasts.filter((toast) => toast.key !== key));
}
