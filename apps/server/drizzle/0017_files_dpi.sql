ALTER TABLE "files" ADD COLUMN "dpi" double precision;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_dpi_ck" CHECK ("files"."dpi" is null or "files"."dpi" > 0);