ALTER TABLE "post_stats" ADD COLUMN "answers_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- answers_version grows with every statement that may change what a post's answer shows: any change
-- to posts (text, status, image, likes, comments and shares counters, which their triggers keep on the
-- post row), an author's username or full name, an author removed. Statement-level: one bump per
-- statement, committed (or rolled back) with it, so a reader never sees the new version before the
-- change itself.
CREATE OR REPLACE FUNCTION post_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_stats SET answers_version = answers_version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION post_answers_changed();
--> statement-breakpoint
CREATE TRIGGER users_answers_changed AFTER UPDATE OF username OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION post_answers_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_answers_changed AFTER INSERT OR UPDATE OF full_name OR DELETE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION post_answers_changed();
