import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * DESIGN 3: passwords are kept only as argon2id hashes. The library's
 * defaults are argon2id, 19 MiB, 2 passes, 1 lane (the OWASP baseline); they
 * are written into each hash, so raising them later keeps old hashes valid.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not a hash (seeded accounts). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (!storedHash.startsWith('$argon2')) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the account does not exist, so a login for
 * an unknown e-mail takes as long as one with a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
