-- The ledger is append-only: an entry or a transaction, once written, is never changed or removed.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- Double entry: at commit, every transaction has at least two entries and they sum to zero.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id integer;
  lines integer;
  total bigint;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    tx_id := NEW.transaction_id;
  ELSE
    tx_id := NEW.id;
  END IF;
  SELECT count(*), coalesce(sum(amount), 0) INTO lines, total FROM "ledger_entries" WHERE transaction_id = tx_id;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced: % entries summing to %', tx_id, lines, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
-- A payment only moves forward: PENDING to SUCCEEDED or FAILED, and then never again.
CREATE FUNCTION "payments_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'PENDING' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'payment % is % and cannot become %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.provider_reference IS NOT NULL AND NEW.provider_reference IS DISTINCT FROM OLD.provider_reference THEN
    RAISE EXCEPTION 'payment % already has its receipt', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_forward_only" BEFORE UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_forward_only"();
--> statement-breakpoint
-- The platform's accounts (wallets are opened on first use).
INSERT INTO "ledger_accounts" ("kind", "code") VALUES
  ('PLATFORM', 'MPESA_CLEARING'),
  ('PLATFORM', 'CARD_CLEARING'),
  ('PLATFORM', 'SESSION_ESCROW'),
  ('PLATFORM', 'COMMISSION'),
  ('PLATFORM', 'PAYOUTS'),
  ('PLATFORM', 'VOUCHERS');
