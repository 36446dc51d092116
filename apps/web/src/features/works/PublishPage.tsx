import '../../i18n/lazy/publish';
import type { TWorkDetail } from '@layerline/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { StandaloneFrame } from '../../app/layout/StandaloneFrame';
import { PATHS } from '../../app/paths';
import { EditWork } from './publish/EditWork';
import { PublishForm } from './publish/PublishForm';
import { PublishResult } from './publish/PublishResult';
import { clearPublishHandoff, readPublishHandoff } from './publish/publish-handoff';
import './publish/publish.css';

interface TPublishFlowProps {
  productId: string | null;
  onPublishAnother: () => void;
}

/** The form, then the result of the save. */
function PublishFlow({ productId, onPublishAnother }: TPublishFlowProps) {
  const [saved, setSaved] = useState<TWorkDetail | null>(null);
  // A result handed over by another screen (the AI page's "publish as a work"):
  // read while rendering, cleared once the form showing it is on screen, so a
  // render React throws away and does again still finds it.
  const [handoff] = useState(() => (productId === null ? readPublishHandoff() : null));
  useEffect(() => {
    if (handoff) clearPublishHandoff();
  }, [handoff]);
  if (saved) return <PublishResult work={saved} onPublishAnother={onPublishAnother} />;
  if (productId === null) return <PublishForm initial={handoff} workId={null} onSaved={setSaved} />;
  return <EditWork productId={productId} onSaved={setSaved} />;
}

/**
 * SPEC 2 /publish: the creation center; ?productId switches to editing that
 * work. The narrow-window warning (SPEC 2) covers this screen from the root.
 */
export function PublishPage() {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productId = params.get('productId');
  // A new round starts an empty form after a save.
  const [round, setRound] = useState(0);
  const title = productId ? t('editTitle', { id: productId }) : t('title');

  const handlePublishAnother = () => {
    if (productId !== null) void navigate(PATHS.publish);
    setRound((value) => value + 1);
  };

  return (
    <StandaloneFrame>
      <div className="page publish-page" data-product-id={productId ?? undefined}>
        <header className="publish-page__header">
          <h1 className="publish-page__title">{title}</h1>
          <p className="publish-page__subtitle">{t('subtitle')}</p>
        </header>
        <PublishFlow
          key={`${productId ?? 'new'}:${round}`}
          productId={productId}
          onPublishAnother={handlePublishAnother}
        />
      </div>
    </StandaloneFrame>
  );
}
