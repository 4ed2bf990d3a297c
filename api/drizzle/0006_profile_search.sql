DROP INDEX "profiles_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_phone_number_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_address_trgm_idx";--> statement-breakpoint
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- profiles.search_text spans two tables, so triggers keep it (a generated column sees one row):
-- a profile's own insert or update recomputes it from its fields and its user's; a change of a
-- user's username, email or role touches that user's profile, which recomputes it.
CREATE OR REPLACE FUNCTION profiles_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(NEW.full_name || chr(31) || NEW.phone_number || chr(31) || NEW.address || chr(31)
      || u.username || chr(31) || u.email || chr(31) || u.role)
    INTO NEW.search_text FROM users u WHERE u.id = NEW.user_id;
  -- No such user: the foreign key refuses the row, with its own message.
  NEW.search_text := coalesce(NEW.search_text, '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_profile_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET search_text = '' WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_search_text BEFORE INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_search_text();
--> statement-breakpoint
CREATE TRIGGER users_profile_search_text AFTER UPDATE OF username, email, role ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION users_profile_search_text();
--> statement-breakpoint
UPDATE profiles SET search_text = '';
