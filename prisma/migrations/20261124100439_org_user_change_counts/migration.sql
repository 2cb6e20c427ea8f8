-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "audit_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "change_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "change_count" INTEGER NOT NULL DEFAULT 0;
