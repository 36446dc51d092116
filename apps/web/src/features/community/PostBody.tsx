import '../../i18n/lazy/community';
import FileImageOutlined from '@ant-design/icons/FileImageOutlined';
import type { TPost } from '@layerline/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { SafeImage } from '../../components/SafeImage';
import { Button } from '../../components/ui/Button';
import { OPENED_IN_APP } from '../works/use-open-work';
import { PostImages, type TPostImage } from './PostImages';

/** Ours: text longer than this, or with more lines, is folded behind 'Show more'. */
const CLAMP_CHARS = 280;
const CLAMP_LINES = 6;

function isLongText(text: string): boolean {
  return text.length > CLAMP_CHARS || text.split('\n').length > CLAMP_LINES;
}

/** The linked work as a small card; it opens the product detail over the feed (/work/{id}). */
function LinkedWork({ work }: { work: NonNullable<TPost['work']> }) {
  const { t } = useTranslation('community');
  return (
    <Link
      to={PATHS.work(work.id)}
      state={OPENED_IN_APP}
      className="post-work"
      data-testid="post-work"
    >
      <span className="post-work__cover">
        {work.cover ? <SafeImage src={work.cover} alt="" /> : <FileImageOutlined aria-hidden />}
      </span>
      <span className="post-work__text">
        <span className="post-work__label">{t('card.linkedWork')}</span>
        <span className="post-work__title">{work.title}</span>
      </span>
    </Link>
  );
}

export type TPostBodyProps = {
  content: string;
  topic: string | null;
  images: TPostImage[];
  work: TPost['work'];
  /** Long text starts folded (cards of a list); the dialog shows it whole. */
  isClamped?: boolean;
};

/**
 * What a post says (SPEC 3 Post: text and images): its text, folded when
 * long, the topic tag, the picture grid and the linked work. Cards and the
 * composer's preview show it the same way.
 */
export function PostBody({ content, topic, images, work, isClamped = true }: TPostBodyProps) {
  const { t } = useTranslation('community');
  const textId = useId();
  const canFold = isClamped && isLongText(content);
  const [isOpen, setOpen] = useState(false);
  const isFolded = canFold && !isOpen;
  return (
    <div className="post-body">
      <p
        id={textId}
        className={`post-body__text${isFolded ? ' is-folded' : ''}`}
        data-testid="post-text"
      >
        {content}
      </p>
      {canFold && (
        <Button
          variant="link"
          size="small"
          className="post-body__more"
          aria-expanded={isOpen}
          aria-controls={textId}
          onClick={() => setOpen((value) => !value)}
          data-testid="post-more"
        >
          {isOpen ? t('card.less') : t('card.more')}
        </Button>
      )}
      {topic && (
        <p className="post-body__topic">
          <span className="visually-hidden">{t('card.topic')}</span>
          <span className="post-topic" data-testid="post-topic">{`#${topic}`}</span>
        </p>
      )}
      <PostImages images={images} alt={content.slice(0, 80)} />
      {work && <LinkedWork work={work} />}
    </div>
  );
}
