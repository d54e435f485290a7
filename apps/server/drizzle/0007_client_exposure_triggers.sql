-- client_crop_year_exposure is kept by the database itself (docs/decisions/014): statement triggers on
-- contracts add each statement's change of Σ (quantity − cancelled) of open purchase contracts per
-- (partner, client, crop, crop year), and triggers on legal_entities copy the client's area, estimated
-- yield and contracted with others when they change. Every writer (the operations, seeds, bulk loads, imports) keeps it
-- in the same transaction; concurrent writers of one client's crop year queue on its row.
CREATE FUNCTION "client_crop_year_exposure_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_crop_year_exposure AS e (partner_id, client_id, crop_id, crop_year, contracted_quantity, area, estimated_yield, contracted_with_other)
    SELECT d.partner_id, d.client_id, d.crop_id, d.crop_year, d.delta, l.area, l.estimated_yield, l.contracted_with_other
    FROM (
      SELECT n.partner_id, n.client_id, n.crop_id, n.crop_year,
        sum(CASE WHEN n.direction = 'purchase' AND n.status <> 'cancelled' THEN n.quantity - n.cancelled_quantity ELSE 0 END) AS delta
      FROM new_rows n GROUP BY 1, 2, 3, 4
    ) d JOIN legal_entities l ON l.id = d.client_id
    ORDER BY d.client_id, d.crop_year, d.crop_id, d.partner_id
    ON CONFLICT (client_id, crop_year, crop_id, partner_id)
      DO UPDATE SET contracted_quantity = e.contracted_quantity + excluded.contracted_quantity WHERE excluded.contracted_quantity <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO client_crop_year_exposure AS e (partner_id, client_id, crop_id, crop_year, contracted_quantity, area, estimated_yield, contracted_with_other)
    SELECT d.partner_id, d.client_id, d.crop_id, d.crop_year, d.delta, l.area, l.estimated_yield, l.contracted_with_other
    FROM (
      SELECT x.partner_id, x.client_id, x.crop_id, x.crop_year, sum(x.q) AS delta
      FROM (
        SELECT n.partner_id, n.client_id, n.crop_id, n.crop_year,
          CASE WHEN n.direction = 'purchase' AND n.status <> 'cancelled' THEN n.quantity - n.cancelled_quantity ELSE 0 END AS q
        FROM new_rows n
        UNION ALL
        SELECT o.partner_id, o.client_id, o.crop_id, o.crop_year,
          CASE WHEN o.direction = 'purchase' AND o.status <> 'cancelled' THEN o.cancelled_quantity - o.quantity ELSE 0 END
        FROM old_rows o
      ) x GROUP BY 1, 2, 3, 4
    ) d JOIN legal_entities l ON l.id = d.client_id
    ORDER BY d.client_id, d.crop_year, d.crop_id, d.partner_id
    ON CONFLICT (client_id, crop_year, crop_id, partner_id)
      DO UPDATE SET contracted_quantity = e.contracted_quantity + excluded.contracted_quantity WHERE excluded.contracted_quantity <> 0;
  ELSE
    UPDATE client_crop_year_exposure e SET contracted_quantity = e.contracted_quantity - d.q
    FROM (
      SELECT o.partner_id, o.client_id, o.crop_id, o.crop_year,
        sum(CASE WHEN o.direction = 'purchase' AND o.status <> 'cancelled' THEN o.quantity - o.cancelled_quantity ELSE 0 END) AS q
      FROM old_rows o GROUP BY 1, 2, 3, 4
    ) d
    WHERE e.client_id = d.client_id AND e.crop_year = d.crop_year AND e.crop_id = d.crop_id AND e.partner_id = d.partner_id AND d.q <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contracts_exposure_insert" AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "client_crop_year_exposure_add"();--> statement-breakpoint
CREATE TRIGGER "contracts_exposure_update" AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "client_crop_year_exposure_add"();--> statement-breakpoint
CREATE TRIGGER "contracts_exposure_delete" AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "client_crop_year_exposure_add"();--> statement-breakpoint
CREATE FUNCTION "client_crop_year_exposure_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_crop_year_exposure
  SET area = NEW.area, estimated_yield = NEW.estimated_yield, contracted_with_other = NEW.contracted_with_other
  WHERE client_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "legal_entities_exposure_update" AFTER UPDATE OF area, estimated_yield, contracted_with_other ON "legal_entities" FOR EACH ROW
  WHEN ((OLD.area, OLD.estimated_yield, OLD.contracted_with_other) IS DISTINCT FROM (NEW.area, NEW.estimated_yield, NEW.contracted_with_other))
  EXECUTE FUNCTION "client_crop_year_exposure_client"();--> statement-breakpoint
-- The contracts already there.
INSERT INTO client_crop_year_exposure (partner_id, client_id, crop_id, crop_year, contracted_quantity, area, estimated_yield, contracted_with_other)
SELECT d.partner_id, d.client_id, d.crop_id, d.crop_year, d.q, l.area, l.estimated_yield, l.contracted_with_other
FROM (
  SELECT c.partner_id, c.client_id, c.crop_id, c.crop_year,
    sum(CASE WHEN c.direction = 'purchase' AND c.status <> 'cancelled' THEN c.quantity - c.cancelled_quantity ELSE 0 END) AS q
  FROM contracts c GROUP BY 1, 2, 3, 4
) d JOIN legal_entities l ON l.id = d.client_id;
