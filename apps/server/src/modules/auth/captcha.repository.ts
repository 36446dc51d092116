import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { captchas } from '../../db/schema';

/** All SQL of login captchas. */
export class CaptchaRepository {
  constructor(private readonly db: TDatabase) {}

  async insert(row: { id: string; answerHash: string; expiresAt: Date; createdAt: Date }) {
    await this.db.insert(captchas).values(row);
  }

  /**
   * Marks the captcha used and returns its answer hash, in one statement, so
   * two requests can never both use it. Undefined when unknown, used or expired.
   */
  async consume(id: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
  }
}
