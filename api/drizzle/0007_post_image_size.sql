ALTER TABLE "posts" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_image_size_check" CHECK (("posts"."image_width" is null and "posts"."image_height" is null) or ("posts"."image" is not null and "posts"."image_width" > 0 and "posts"."image_height" > 0));