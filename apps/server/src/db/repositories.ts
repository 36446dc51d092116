import { OpenReportsRepository } from '../kernel/open-reports.repository';
import { AdminRepository } from '../modules/admin/admin.repository';
import { AdminQueuesRepository } from '../modules/admin/admin-queues.repository';
import { AiJobsRepository } from '../modules/ai/ai-jobs.repository';
import { AiResultFilesRepository } from '../modules/ai/ai-result-files.repository';
import { AppealsRepository } from '../modules/appeals/appeals.repository';
import { openAppeals } from '../modules/appeals/open-appeals';
import { CaptchaRepository } from '../modules/auth/captcha.repository';
import { EmailCodeRepository } from '../modules/auth/email-code.repository';
import { SessionRepository } from '../modules/auth/session.repository';
import { CommentsRepository } from '../modules/comments/comments.repository';
import { CommunityRepository } from '../modules/community/community.repository';
import { postRecords } from '../modules/community/post-records';
import { FeedbackRepository } from '../modules/feedback/feedback.repository';
import { FilesRepository } from '../modules/files/files.repository';
import { auditRecords } from '../modules/moderation/audit-records';
import { ModerationRepository } from '../modules/moderation/moderation.repository';
import { SensitiveWordsRepository } from '../modules/moderation/sensitive-words.repository';
import { NotificationsRepository } from '../modules/notifications/notifications.repository';
import { PointsRepository } from '../modules/points/points.repository';
import { SearchRepository } from '../modules/search/search.repository';
import { SearchIndexRepository } from '../modules/search/search-index.repository';
import { AppSettingsRepository } from '../modules/settings/app-settings.repository';
import { SocialRepository } from '../modules/social/social.repository';
import { ProfileRepository } from '../modules/users/profile.repository';
import { userAccounts } from '../modules/users/user-accounts';
import { UsersRepository } from '../modules/users/users.repository';
import { workRecords } from '../modules/works/work-records';
import { WorksRepository } from '../modules/works/works.repository';
import type { TDatabase } from './client';

/**
 * Every repository a unit of work hands out (ADR 0045), by name, made from
 * one database handle: the transaction's, or the database itself. A module
 * uses its own repositories, and another module's face (ADR 0047:
 * `workRecords`, `postRecords`, `userAccounts`, `openAppeals`,
 * `auditRecords`), never another module's repository.
 */
const REPOSITORIES = {
  admin: (db: TDatabase) => new AdminRepository(db),
  adminQueues: (db: TDatabase) => new AdminQueuesRepository(db),
  aiJobs: (db: TDatabase) => new AiJobsRepository(db),
  aiResultFiles: (db: TDatabase) => new AiResultFilesRepository(db),
  appeals: (db: TDatabase) => new AppealsRepository(db),
  appSettings: (db: TDatabase) => new AppSettingsRepository(db),
  auditRecords: (db: TDatabase) => auditRecords(db),
  captchas: (db: TDatabase) => new CaptchaRepository(db),
  comments: (db: TDatabase) => new CommentsRepository(db),
  community: (db: TDatabase) => new CommunityRepository(db),
  emailCodes: (db: TDatabase) => new EmailCodeRepository(db),
  feedback: (db: TDatabase) => new FeedbackRepository(db),
  files: (db: TDatabase) => new FilesRepository(db),
  moderation: (db: TDatabase) => new ModerationRepository(db),
  notifications: (db: TDatabase) => new NotificationsRepository(db),
  openAppeals: (db: TDatabase) => openAppeals(db),
  openReports: (db: TDatabase) => new OpenReportsRepository(db),
  points: (db: TDatabase) => new PointsRepository(db),
  postRecords: (db: TDatabase) => postRecords(db),
  profiles: (db: TDatabase) => new ProfileRepository(db),
  search: (db: TDatabase) => new SearchRepository(db),
  searchIndex: (db: TDatabase) => new SearchIndexRepository(db),
  sensitiveWords: (db: TDatabase) => new SensitiveWordsRepository(db),
  sessions: (db: TDatabase) => new SessionRepository(db),
  social: (db: TDatabase) => new SocialRepository(db),
  users: (db: TDatabase) => new UsersRepository(db),
  userAccounts: (db: TDatabase) => userAccounts(db),
  workRecords: (db: TDatabase) => workRecords(db),
  works: (db: TDatabase) => new WorksRepository(db),
};

/** The repositories of one handle; each is made on first use, then kept. */
export type TRepositories = {
  readonly [K in keyof typeof REPOSITORIES]: ReturnType<(typeof REPOSITORIES)[K]>;
};

class BoundRepositories {
  readonly #db: TDatabase;

  constructor(db: TDatabase) {
    this.#db = db;
  }

  static {
    for (const [name, make] of Object.entries(REPOSITORIES)) {
      Object.defineProperty(BoundRepositories.prototype, name, {
        get(this: BoundRepositories) {
          const repository = make(this.#db);
          Object.defineProperty(this, name, { value: repository, enumerable: true });
          return repository;
        },
      });
    }
  }
}

/** The repositories on `db`; none is made until it is first read. */
export function repositoriesOn(db: TDatabase): TRepositories {
  return new BoundRepositories(db) as unknown as TRepositories;
}
