import type { TSensitiveWords } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import { type TRepositories, UnitOfWork } from '../../db/unit-of-work';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { LiveEvents } from '../../lib/live-events';
import type { SensitiveWordFilter } from './sensitive-words';

/**
 * The console's sensitive words (table sensitive_words), checked beside the
 * built-in list and SENSITIVE_WORDS_FILE. An edit publishes a live event;
 * every instance (this one too) then re-reads the table and rebuilds its
 * filter, so the change applies everywhere without a restart.
 */
export class SensitiveWordsService {
  private unsubscribe?: () => void;

  private readonly uow: UnitOfWork;

  constructor(
    private readonly deps: {
      db: TDatabase;
      clock: TClock;
      filter: SensitiveWordFilter;
      /** Built-in words plus SENSITIVE_WORDS_FILE, read once at start. */
      builtin: readonly string[];
      events: LiveEvents;
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {
    this.uow = new UnitOfWork(deps.db);
  }

  private async stored(tx: TRepositories = this.uow.repositories): Promise<string[]> {
    const words = await tx.sensitiveWords.words();
    return words.sort((a, b) => a.localeCompare(b));
  }

  /** Rebuilds the filter from the built-in words and the table. */
  async load(): Promise<void> {
    this.deps.filter.reload([...this.deps.builtin, ...(await this.stored())]);
  }

  /** Loads now and reloads on every change signal, from any instance. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribe = this.deps.events.subscribe('sensitiveWords', () => {
      this.load().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'sensitive words not reloaded'),
      );
    });
  }

  stop(): void {
    this.unsubscribe?.();
  }

  async get(): Promise<TSensitiveWords> {
    return { words: await this.stored(), builtin: [...this.deps.builtin] };
  }

  /**
   * Replaces the console list (audited with the words added and removed).
   * This instance rebuilds its filter from the list it has just written, so
   * the answer and the next request see the change; the published signal
   * makes the other instances re-read the table.
   */
  async replace(actor: TAuth, words: readonly string[]): Promise<TSensitiveWords> {
    const { clock, events, filter, builtin } = this.deps;
    const wanted = [...new Set(words.map((word) => word.trim()).filter(Boolean))].sort((a, b) =>
      a.localeCompare(b),
    );
    const changed = await this.uow.run(async (tx) => {
      const current = new Set(await this.stored(tx));
      const added = wanted.filter((word) => !current.has(word));
      const removed = [...current].filter((word) => !wanted.includes(word));
      if (added.length === 0 && removed.length === 0) return false;
      if (removed.length > 0) await tx.sensitiveWords.remove(removed);
      const now = clock();
      if (added.length > 0) await tx.sensitiveWords.add(added, actor.userId, now);
      await tx.auditRecords.record({
        actorId: actor.userId,
        action: 'sensitive_words',
        itemKind: 'sensitive_words',
        itemId: 0,
        detail: { added, removed },
        createdAt: now,
      });
      return true;
    });
    if (changed) {
      filter.reload([...builtin, ...wanted]);
      await events.publish('sensitiveWords', { count: wanted.length });
    }
    return { words: wanted, builtin: [...builtin] };
  }
}
