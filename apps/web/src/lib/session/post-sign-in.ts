import { createStore } from '../store';

/**
 * Where a sign-in that just completed wants to go (the `redirect` of the sign-in response, already safe-checked).
 * The logged-out-only pages honour it over their own `redirect` query parameter once the re-read bootstrap says
 * the user is logged in; the guard clears it when it navigates.
 */
export const postSignInTarget = createStore<string | null>(null);
