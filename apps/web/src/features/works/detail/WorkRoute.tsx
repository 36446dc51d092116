import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useIsPageActive } from '../../../app/KeepAliveOutlet';
import { PATHS } from '../../../app/paths';
import { parseWorkId, useWork } from '../api';
import { isBackOnClose } from '../use-open-work';
import { useWorkSeo } from './use-work-seo';
import { WorkDetailModal } from './WorkDetailModal';

/**
 * /work/:id, a child of the home feed (SPEC 2 product detail modal). Closing
 * goes back when the modal was opened from a page of the app, else home.
 */
export function WorkRoute() {
  const { id } = useParams();
  const workId = parseWorkId(id);
  const navigate = useNavigate();
  const location = useLocation();
  // The feed stays cached while another page is shown; its modal (a portal) must not.
  const isActive = useIsPageActive();
  const work = useWork(isActive ? workId : null);
  useWorkSeo(isActive ? work.data : undefined);

  const handleClose = useCallback(() => {
    if (isBackOnClose(location.state)) void navigate(-1);
    else void navigate(PATHS.home, { replace: true });
  }, [location.state, navigate]);

  if (workId === null) return <Navigate to={PATHS.home} replace />;
  if (!isActive) return null;
  return <WorkDetailModal workId={workId} onClose={handleClose} />;
}
