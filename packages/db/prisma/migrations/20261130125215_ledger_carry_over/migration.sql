-- AlterEnum
ALTER TYPE "ledger_transfer_kind" ADD VALUE 'carry_over';
