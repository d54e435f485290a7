import { createStore } from '../store';

/** UI state the native shell sets with SET_UI_STATE (e.g. hide the web header because the shell draws its own). */
export type NativeUiState = { hideHeader: boolean; paintCount: number };

export const nativeUiState = createStore<NativeUiState>({ hideHeader: false, paintCount: 0 });

export function applyNativeUiState(payload: unknown): void {
  if (typeof payload !== 'object' || payload === null) return;
  const hideHeader = (payload as { hideHeader?: unknown }).hideHeader;
  if (typeof hideHeader === 'boolean') nativeUiState.set((state) => ({ ...state, hideHeader }));
}
