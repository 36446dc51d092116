import { Code } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { changePoints } from './points.ledger';

/** `+N`, `-N` or `N`: a whole number of points, not 0. */
export function parsePointsDelta(text: string): number | null {
  if (!/^[+-]?\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value === 0 ? null : value;
}

/**
 * Admin grant (ADR 0011): adds (or with a negative delta takes away) points
 * for the account with that e-mail, one 'admin_grant' ledger row whose note
 * is the reason. Never takes a balance below 0 (SPEC 8 insufficient points).
 */
export async function adminGrantPoints(
  db: TDatabase,
  input: { email: string; delta: number; reason: string },
): Promise<{ userId: number; email: string; balance: number }> {
  return new UnitOfWork(db).run(async (tx) => {
    const user = await tx.points.userByEmail(input.email.trim());
    if (!user) throw new AppError(Code.NOT_FOUND, 'emailNotFound');
    const { balance } = await changePoints(tx, {
      userId: user.id,
      delta: input.delta,
      reason: 'admin_grant',
      refType: 'admin',
      note: input.reason,
    });
    return { userId: user.id, email: user.email, balance };
  });
}
