ALTER TABLE "works" ADD COLUMN "cover_thumb" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Works saved before: the thumbnail their first cover's upload already has.
UPDATE "works" SET "cover_thumb" = "t"."thumbnail"
FROM (
  SELECT DISTINCT ON ("url") "url", "thumbnail" FROM "files"
  WHERE "kind" = 'cover' AND "thumbnail" IS NOT NULL
  ORDER BY "url", "id"
) AS "t"
WHERE "t"."url" = "works"."cover"->>0;
