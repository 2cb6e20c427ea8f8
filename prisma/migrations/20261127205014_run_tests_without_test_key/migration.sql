-- DropForeignKey
ALTER TABLE "run_tests" DROP CONSTRAINT "run_tests_test_id_fkey";
