ALTER TABLE "imported_evidence" DROP CONSTRAINT "imported_evidence_number_id_numbers_id_fk";
--> statement-breakpoint
ALTER TABLE "imported_evidence" DROP CONSTRAINT "imported_evidence_tag_id_tags_id_fk";
