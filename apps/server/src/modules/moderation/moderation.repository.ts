import type { TDatabase } from '../../db/client';
import { workReviews } from '../../db/schema';

/** All SQL of moderators' decisions (work_reviews). */
export class ModerationRepository {
  constructor(private readonly db: TDatabase) {}

  async recordDecision(values: {
    workId: number;
    reviewerId: number;
    decision: 'approved' | 'rejected';
    reason: string;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(workReviews).values(values);
  }
}
