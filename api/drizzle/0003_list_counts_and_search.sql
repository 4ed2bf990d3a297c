CREATE TABLE "post_stats" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"published" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "post_stats_singleton_check" CHECK ("post_stats"."singleton")
);
--> statement-breakpoint
DROP INDEX "posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "posts_subtitle_trgm_idx";--> statement-breakpoint
DROP INDEX "posts_description_trgm_idx";--> statement-breakpoint
DROP INDEX "posts_full_content_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(31) || subtitle || chr(31) || description || chr(31) || full_content)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_text_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- post_stats follows the posts table whatever changes it (the API, a cascade, a console, COPY):
-- statement-level triggers with transition tables, so a bulk load updates the row once, not once
-- a post. An update touches the row only when a status or a searched text changed (likes and
-- shares update posts too, and must not contend on this one row).
INSERT INTO "post_stats" ("singleton", "total", "published", "version")
  SELECT true, count(*), count(*) FILTER (WHERE "status" = 'Published'), 0 FROM "posts";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_stats SET
    total = total + (SELECT count(*) FROM new_rows),
    published = published + (SELECT count(*) FROM new_rows WHERE status = 'Published'),
    version = version + 1
  WHERE EXISTS (SELECT 1 FROM new_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_stats SET
    total = total - (SELECT count(*) FROM old_rows),
    published = published - (SELECT count(*) FROM old_rows WHERE status = 'Published'),
    version = version + 1
  WHERE EXISTS (SELECT 1 FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_stats SET
    published = published
      + (SELECT count(*) FROM new_rows WHERE status = 'Published')
      - (SELECT count(*) FROM old_rows WHERE status = 'Published'),
    version = version + 1
  WHERE EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status IS DISTINCT FROM n.status OR o.search_text IS DISTINCT FROM n.search_text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_stats SET total = 0, published = 0, version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_stats_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_stats_inserted();
--> statement-breakpoint
CREATE TRIGGER post_stats_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_stats_deleted();
--> statement-breakpoint
CREATE TRIGGER post_stats_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_stats_updated();
--> statement-breakpoint
CREATE TRIGGER post_stats_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION post_stats_truncated();
