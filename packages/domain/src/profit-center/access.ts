// Who may use My Sales Lite (grain-marketing.md 2 'My sales lite pages', 6 'Experience gates'): a user with the
// enterpriseAgronomics experience and the flag allowing my sales lite. The web's gate and the server's profit-center
// calls read the same rule (the flag is the user-level permission 'my-sales-lite', which the bootstrap sends).

/** The user-level permission that allows my sales lite (the 'allowing flag'). */
export const MY_SALES_LITE_FLAG = 'my-sales-lite';

export type MySalesLiteSubject = {
  experiences: Readonly<Record<string, boolean | undefined>> | null | undefined;
  permissions: readonly string[] | null | undefined;
};

/** Whether the user has the agronomics experience and the allowing flag. */
export function canUseMySalesLite(user: MySalesLiteSubject): boolean {
  return user.experiences?.enterprise_agronomics === true && (user.permissions ?? []).includes(MY_SALES_LITE_FLAG);
}
