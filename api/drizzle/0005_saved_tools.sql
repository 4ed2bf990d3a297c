CREATE TABLE "saved_calculations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tool" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"input" jsonb NOT NULL,
	"result_text" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tool_lists" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"slugs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tool_lists_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "user_tool_lists_kind_check" CHECK ("user_tool_lists"."kind" in ('favourites', 'recent'))
);
--> statement-breakpoint
ALTER TABLE "saved_calculations" ADD CONSTRAINT "saved_calculations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tool_lists" ADD CONSTRAINT "user_tool_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_calculations_user_updated_at_idx" ON "saved_calculations" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "saved_calculations_user_tool_updated_at_idx" ON "saved_calculations" USING btree ("user_id","tool","updated_at","id");