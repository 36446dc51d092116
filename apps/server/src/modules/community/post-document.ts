import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import { buildDocument, TOKENIZER_VERSION } from '../search';
import { CommunityRepository } from './community.repository';

/**
 * A post's search document (ADR 0013): the works' tokenizer (Chinese words
 * and pairs, English stems; modules/search/search-text), the topic weighing
 * more than the text. Built by the community service whenever either
 * changes, stored with the tokenizer version that made it.
 */
export function postDocument(content: string, topic: string | null): string {
  return buildDocument([
    { text: topic ?? '', weight: 'A' },
    { text: content, weight: 'B' },
  ]);
}

export const POST_DOCUMENT_VERSION = TOKENIZER_VERSION;

const BATCH = 500;

/**
 * Rebuilds the documents of posts made by another tokenizer version (or
 * written without one, by SQL outside the service), once at start, in
 * batches, in the background. The service, the seed and the test factory
 * write current documents, so this matters after TOKENIZER_VERSION moves;
 * finding none reads the posts table once (document_version has no index),
 * as the works' full refresh at start does.
 */
export class PostDocumentRefresher {
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: TDatabase,
    private readonly log?: Pick<FastifyBaseLogger, 'error' | 'info'>,
  ) {}

  /** Answers how many documents were rebuilt; calls made while one runs share it. */
  refresh(): Promise<number> {
    this.running ??= this.refreshAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    void this.refresh().catch((error: unknown) =>
      this.log?.error({ err: error }, 'post search documents refresh failed'),
    );
  }

  async stop(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async refreshAll(): Promise<number> {
    const repository = new CommunityRepository(this.db);
    let total = 0;
    for (;;) {
      const sources = await repository.outdatedDocuments(POST_DOCUMENT_VERSION, BATCH);
      for (const source of sources) {
        await repository.writeDocument(
          source.id,
          postDocument(source.content, source.topic),
          POST_DOCUMENT_VERSION,
          { onlyVersion: source.documentVersion },
        );
      }
      total += sources.length;
      if (sources.length < BATCH) break;
    }
    if (total > 0) this.log?.info(`community: ${total} post search documents rebuilt`);
    return total;
  }
}
