-- ADR 0051: AI inputs and results (kind 'ai') are their owner's alone, served
-- only through signed addresses. A work that named one as a cover, picture
-- or guide image before then keeps showing it to everyone: its author gets a
-- 'cover' row of that URL, which keeps the URL public (ADR 0009's table rule).
INSERT INTO "files" ("user_id", "sha256", "url", "filename", "size", "mime", "kind", "thumbnail", "dpi", "created_at")
SELECT DISTINCT ON (f."user_id", f."url")
  f."user_id", f."sha256", f."url", f."filename", f."size", f."mime", 'cover', f."thumbnail", f."dpi", f."created_at"
FROM "files" f
WHERE f."kind" = 'ai'
  AND EXISTS (
    SELECT 1 FROM "works" w
    WHERE w."user_id" = f."user_id"
      AND (w."cover" @> jsonb_build_array(f."url")
        OR w."images" @> jsonb_build_array(f."url")
        OR strpos(w."attachment", f."url") > 0)
  )
ORDER BY f."user_id", f."url", f."id"
ON CONFLICT DO NOTHING;
