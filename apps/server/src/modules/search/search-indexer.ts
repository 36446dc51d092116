import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import type { TRepositories } from '../../db/unit-of-work';
import { displayName } from '../../kernel/display-name';
import { buildDocument, type TDocumentField } from './search-document';
import {
  SearchIndexRepository,
  type TSearchDocument,
  type TWorkSource,
} from './search-index.repository';
import { foldText, TOKENIZER_VERSION, vocabularyOf } from './search-text';

const BATCH = 500;
/** Documents made stale by a renamed author or category are rebuilt within this time. */
const REFRESH_INTERVAL_MS = 30_000;

type TMaterialNames = Map<string, string>;

/**
 * Builds the search documents of works (SPEC 4 Search). The publish form
 * calls `indexWorks` inside its own transaction; `refresh` rebuilds what
 * triggers marked stale (works added by the seed, renamed authors and
 * categories) and documents of an older tokenizer version.
 */
export class SearchIndexer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: TDatabase,
    private readonly log?: Pick<FastifyBaseLogger, 'error' | 'info'>,
  ) {}

  /** Rebuilds the documents of `workIds`, on the caller's unit of work when given one. */
  async indexWorks(workIds: readonly number[], tx?: TRepositories): Promise<void> {
    const repository = tx?.searchIndex ?? new SearchIndexRepository(this.db);
    await this.build(repository, workIds, { onlyOutdated: false });
  }

  /**
   * Rebuilds every outdated document; `full` also looks for other tokenizer
   * versions (a scan, done once at start). Answers how many were rebuilt.
   * Calls made while one runs share it.
   */
  refresh(options: { full?: boolean } = {}): Promise<number> {
    this.running ??= this.refreshAll(options.full ?? false).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A full refresh now, then stale documents every REFRESH_INTERVAL_MS. */
  start(): void {
    const run = (full: boolean) =>
      this.refresh({ full }).catch((error: unknown) =>
        this.log?.error({ err: error }, 'search index refresh failed'),
      );
    void run(true);
    this.timer = setInterval(() => void run(false), REFRESH_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async refreshAll(full: boolean): Promise<number> {
    const repository = new SearchIndexRepository(this.db);
    let total = 0;
    for (;;) {
      const ids = full
        ? await repository.outdated(TOKENIZER_VERSION, BATCH)
        : await repository.stale(BATCH);
      if (ids.length === 0) break;
      await this.build(repository, ids, { onlyOutdated: true });
      total += ids.length;
      if (ids.length < BATCH) break;
    }
    if (total > 0) this.log?.info(`search: ${total} documents rebuilt`);
    return total;
  }

  private async build(
    repository: SearchIndexRepository,
    workIds: readonly number[],
    options: { onlyOutdated: boolean },
  ): Promise<void> {
    if (workIds.length === 0) return;
    const [sources, categoryNames, catalog] = await Promise.all([
      repository.sources(workIds),
      repository.categoryNames(workIds),
      repository.materials(),
    ]);
    const namesOf = new Map(categoryNames.map((entry) => [entry.workId, entry.names]));
    const materialNames: TMaterialNames = new Map(
      catalog.map((row) => [row.nameEn.toLowerCase(), `${row.nameEn} ${row.nameZh}`]),
    );
    const vocabulary = new Set<string>();
    const documents = sources.map((source) => {
      const { document, texts } = documentOf(source, namesOf.get(source.id) ?? [], materialNames);
      // Every indexed word: a search word found here is known and gets no typo alternatives.
      for (const word of texts.flatMap(vocabularyOf)) vocabulary.add(word);
      return document;
    });
    await repository.write(documents, options);
    await repository.addTerms([...vocabulary].sort());
  }
}

/**
 * The weighted document of one work: title (A), tags (B), categories and
 * materials (C), summary and author name (D). Issue 5: titles weigh more
 * than summaries and tags.
 */
export function documentOf(
  source: TWorkSource,
  categoryNames: readonly string[],
  materialNames: TMaterialNames,
): { document: TSearchDocument; texts: string[] } {
  const materials = source.useMaterial.map((name) => materialNames.get(name.toLowerCase()) ?? name);
  const fields: TDocumentField[] = [
    { text: source.title, weight: 'A' },
    { text: source.tags.join(' \n '), weight: 'B' },
    { text: categoryNames.join(' \n '), weight: 'C' },
    { text: materials.join(' \n '), weight: 'C' },
    { text: source.summary, weight: 'D' },
    { text: displayName(source.nickname, source.email), weight: 'D' },
  ];
  return {
    document: {
      workId: source.id,
      document: buildDocument(fields),
      titleNorm: foldText(source.title),
      version: TOKENIZER_VERSION,
    },
    texts: fields.map((field) => field.text),
  };
}
