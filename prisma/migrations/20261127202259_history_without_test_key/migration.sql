-- DropForeignKey
ALTER TABLE "status_history" DROP CONSTRAINT "status_history_test_id_fkey";
