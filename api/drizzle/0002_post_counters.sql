-- A post's number_of_likes and number_of_comments follow its post_likes and comments rows, whatever
-- adds or removes them (the API, a cascade from a deleted user, a console): each row change adjusts
-- the counter in the same transaction, under the post row's lock, so concurrent likes stay exact.
CREATE OR REPLACE FUNCTION posts_count_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET number_of_likes = number_of_likes + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE posts SET number_of_likes = greatest(number_of_likes - 1, 0) WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET number_of_comments = number_of_comments + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE posts SET number_of_comments = greatest(number_of_comments - 1, 0) WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_likes_count AFTER INSERT OR DELETE ON post_likes
  FOR EACH ROW EXECUTE FUNCTION posts_count_likes();
--> statement-breakpoint
CREATE TRIGGER comments_count AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION posts_count_comments();
--> statement-breakpoint
UPDATE posts SET
  number_of_likes = (SELECT count(*) FROM post_likes WHERE post_likes.post_id = posts.id),
  number_of_comments = (SELECT count(*) FROM comments WHERE comments.post_id = posts.id);
