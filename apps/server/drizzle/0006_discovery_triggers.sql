-- Feed totals are cached per version of the set of published works (see
-- modules/feed): the version grows with every statement that can change
-- which works are listed or under which categories. Like and download
-- counters do not touch these columns, so they never invalidate the cache.
INSERT INTO "works_feed_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_works_feed_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE works_feed_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER works_feed_version_works
  AFTER INSERT OR DELETE OR UPDATE OF status, deleted_at, published_at ON works
  FOR EACH STATEMENT EXECUTE FUNCTION bump_works_feed_version();
--> statement-breakpoint
CREATE TRIGGER works_feed_version_work_categories
  AFTER INSERT OR DELETE OR UPDATE ON work_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_works_feed_version();
--> statement-breakpoint
CREATE TRIGGER works_feed_version_categories
  AFTER INSERT OR DELETE OR UPDATE OF parent_id ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_works_feed_version();
--> statement-breakpoint
-- The category filter's lists (work_category_feed): each visible work under
-- each of its categories and their ancestors, rebuilt for the works whose
-- categories, state or publication time change.
CREATE OR REPLACE FUNCTION refresh_work_category_feed(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM work_category_feed WHERE work_id = ANY(ids);
  INSERT INTO work_category_feed (category_id, work_id, published_at)
  WITH RECURSIVE placed(work_id, category_id) AS (
    SELECT wc.work_id, wc.category_id FROM work_categories wc WHERE wc.work_id = ANY(ids)
    UNION
    SELECT placed.work_id, c.parent_id FROM placed JOIN categories c ON c.id = placed.category_id
    WHERE c.parent_id IS NOT NULL
  )
  SELECT DISTINCT p.category_id, w.id, w.published_at
  FROM placed p JOIN works w ON w.id = p.work_id
  WHERE w.status = 'published' AND w.deleted_at IS NULL AND w.published_at IS NOT NULL
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_category_feed_from_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_work_category_feed(ARRAY(SELECT DISTINCT work_id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_category_feed_links_insert
  AFTER INSERT ON work_categories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_category_feed_from_links();
--> statement-breakpoint
CREATE TRIGGER work_category_feed_links_delete
  AFTER DELETE ON work_categories REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_category_feed_from_links();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_category_feed_from_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_work_category_feed(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_category_feed_works_state
  AFTER UPDATE OF status, deleted_at, published_at ON works
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.published_at IS DISTINCT FROM NEW.published_at)
  EXECUTE FUNCTION work_category_feed_from_work();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_category_feed_from_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_work_category_feed(ARRAY(
    WITH RECURSIVE subtree(id) AS (
      SELECT NEW.id
      UNION
      SELECT c.id FROM categories c JOIN subtree ON c.parent_id = subtree.id
    )
    SELECT DISTINCT work_id FROM work_categories WHERE category_id IN (SELECT id FROM subtree)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_category_feed_categories_move
  AFTER UPDATE OF parent_id ON categories
  FOR EACH ROW
  WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION work_category_feed_from_category();
--> statement-breakpoint
SELECT refresh_work_category_feed(ARRAY(SELECT id FROM works));
--> statement-breakpoint
-- Search documents (modules/search) are built in JavaScript, where Chinese
-- is split into words. Every new work gets a stale placeholder at once; the
-- publish form rebuilds it in the same transaction, and the indexer rebuilds
-- whatever else is stale (seeded works, renamed authors or categories).
CREATE OR REPLACE FUNCTION work_search_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_search (work_id, stale, visible, published_at)
    SELECT id, true, status = 'published' AND deleted_at IS NULL, published_at FROM new_works
    ON CONFLICT (work_id) DO UPDATE SET stale = true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_works_insert
  AFTER INSERT ON works REFERENCING NEW TABLE AS new_works
  FOR EACH STATEMENT EXECUTE FUNCTION work_search_add_new();
--> statement-breakpoint
-- Search reads visibility and publication time from its own table (one
-- less join on every search); they follow the work's row here.
CREATE OR REPLACE FUNCTION work_search_follow_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_search
    SET visible = NEW.status = 'published' AND NEW.deleted_at IS NULL, published_at = NEW.published_at
    WHERE work_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_works_state
  AFTER UPDATE OF status, deleted_at, published_at ON works
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.published_at IS DISTINCT FROM NEW.published_at)
  EXECUTE FUNCTION work_search_follow_state();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_search_mark_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_search SET stale = true WHERE work_id = NEW.id AND NOT stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_works_update
  AFTER UPDATE OF title, summary, tags, use_material, user_id ON works
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.summary IS DISTINCT FROM NEW.summary
    OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.use_material IS DISTINCT FROM NEW.use_material
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION work_search_mark_work();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_search_mark_categorised() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_search SET stale = true
    WHERE work_id IN (SELECT work_id FROM changed_rows) AND NOT stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_work_categories_insert
  AFTER INSERT ON work_categories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_search_mark_categorised();
--> statement-breakpoint
CREATE TRIGGER work_search_work_categories_delete
  AFTER DELETE ON work_categories REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_search_mark_categorised();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_search_mark_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_search SET stale = true
    WHERE work_id IN (SELECT id FROM works WHERE user_id = NEW.id) AND NOT stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_users_update
  AFTER UPDATE OF nickname, email ON users
  FOR EACH ROW
  WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION work_search_mark_author();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_search_mark_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_search SET stale = true
    WHERE work_id IN (
      SELECT work_id FROM work_categories
      WHERE category_id = NEW.id OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id)
    ) AND NOT stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_categories_update
  AFTER UPDATE OF name_en, name_zh ON categories
  FOR EACH ROW
  WHEN (OLD.name_en IS DISTINCT FROM NEW.name_en OR OLD.name_zh IS DISTINCT FROM NEW.name_zh)
  EXECUTE FUNCTION work_search_mark_category();
--> statement-breakpoint
-- Works that existed before this migration get their documents from the indexer.
INSERT INTO work_search (work_id, stale, visible, published_at)
  SELECT id, true, status = 'published' AND deleted_at IS NULL, published_at FROM works
  ON CONFLICT DO NOTHING;
