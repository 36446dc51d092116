CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- The lexemes of every document written (ADR 0024), added in byte order by
-- one statement per write, so two writers never wait on each other's rows in
-- opposite orders. An update adds only what changed documents hold.
CREATE OR REPLACE FUNCTION search_lexemes_from_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(n.document)) FROM new_rows n ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexemes_from_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(n.document))
  FROM new_rows n JOIN old_rows o ON o.work_id = n.work_id
  WHERE n.document IS DISTINCT FROM o.document
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_search_lexemes_insert
  AFTER INSERT ON work_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_from_inserts();
--> statement-breakpoint
CREATE TRIGGER work_search_lexemes_update
  AFTER UPDATE ON work_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_from_updates();
--> statement-breakpoint
-- Documents written before.
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT unnest(tsvector_to_array(document)) FROM work_search ORDER BY 1
ON CONFLICT DO NOTHING;
