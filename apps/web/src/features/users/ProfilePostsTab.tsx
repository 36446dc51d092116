import '../../i18n/lazy/profile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { Button } from '../../components/ui/Button';
import { useSessionStore } from '../../stores/session.store';
import { communityKeys, fetchUserPostsPage } from '../community/api';
import { PostList } from '../community/PostList';

/** ADR 0013: the maker's community posts, newest first, as the community's own list of cards. */
export function PostsTab({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  // `is_like` on each card is the viewer's.
  const viewer = useSessionStore((state) => state.user.userId);
  const fetchPage = useMemo(() => fetchUserPostsPage(userId), [userId]);
  return (
    <PostList
      queryKey={communityKeys.user(userId, viewer)}
      fetchPage={fetchPage}
      label={t('tabs.posts')}
      emptyText={t(`empty.posts.${isOwn ? 'own' : 'other'}`)}
      emptyAction={
        isOwn ? (
          <Button variant="primary" onClick={() => void navigate(PATHS.community)}>
            {t('postFirst')}
          </Button>
        ) : null
      }
      testId="profile-list-posts"
    />
  );
}
