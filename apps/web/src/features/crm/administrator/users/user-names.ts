/** A user's name as the administrator's pages show it: first and last name, else the e-mail address. */
export function fullName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
