const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/**
 * SPEC 3: a nickname that looks like an e-mail address is shortened to the
 * part before '@'; without a nickname the account's e-mail is shortened the
 * same way, so no address ever leaves the server.
 */
export function displayName(nickname: string, email: string): string {
  const name = nickname.trim() || email;
  return EMAIL_LIKE.test(name) ? (name.split('@')[0] ?? '') : name;
}
